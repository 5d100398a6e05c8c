// TEMPORARY, until developer tokens land (issue #29, "Tokens"): loaded into an example's process (tsx --import), it
// sends a "token" that is a session cookie (access_token=...) as that cookie, with the site as Origin, as a
// browser would. tests/integration/client-examples.test.ts uses it; the examples themselves know only tokens.
const send = globalThis.fetch;
globalThis.fetch = (input, init = {}) => {
  const headers = new Headers(init.headers);
  const auth = headers.get('authorization');
  if (auth?.startsWith('Bearer access_token=')) {
    headers.delete('authorization');
    headers.set('cookie', auth.slice('Bearer '.length));
    headers.set('origin', new URL(String(input)).origin);
  }
  return send(input, { ...init, headers });
};
