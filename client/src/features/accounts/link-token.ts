/**
 * The token of an emailed link (`/reset-password#token=…`, `/confirm-email#token=…`, `/not-me#token=…`, `/verify-email#token=…`): in
 * the fragment, so it never reaches a server log or a Referer. Read once and removed from the address bar; each
 * screen keeps its own reader, since the screen may mount again (React may retry a render) after the fragment is gone.
 */
export function linkTokenReader(): () => string {
  let tokenFromLink = '';
  return () => {
    const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
    if (token !== null) {
      tokenFromLink = token;
      window.history.replaceState(window.history.state, '', window.location.pathname);
    }
    return tokenFromLink;
  };
}
