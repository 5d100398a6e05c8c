// Every message of the interface is translated, and no translation is left over (docs/decisions/0042-interface-
// languages.md): the client's and the server's messages, extracted from their code by @formatjs/cli's library, against
// each catalogue. A failure lists the ids; "How to add a message" in the ADR says what to do.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCatalogue, extractMessages, messageArguments, readCatalogue } from '../support/message-catalogues';

const root = path.resolve(import.meta.dirname, '../..');

/** Each catalogue, and the code whose messages it translates. */
const CATALOGUES = [
  { catalogue: 'client/src/locales/es.json', code: ['client/src'] },
  { catalogue: 'server/src/locales/es.json', code: ['server/src'] },
];

describe('the checker', () => {
  it('finds a missing translation, an unused one and different arguments', async () => {
    const english = await extractMessages(['tests/infra/fixtures/messages'], root);
    expect(english).toEqual({
      'fixture.greeting': 'Hello, {name}',
      'fixture.pages': '{count, plural, one {# page} other {# pages}}',
      'fixture.save': 'Save',
    });
    const problems = checkCatalogue(english, readCatalogue(path.join(root, 'tests/infra/fixtures/messages/es.json')));
    expect(problems.missing).toEqual(['fixture.save']);
    expect(problems.unused).toEqual(['fixture.old']);
    expect(problems.mismatched).toEqual([{ id: 'fixture.greeting', english: ['name:argument'], translated: ['nombre:argument'] }]);
  });

  it('reads the kinds of arguments, in plurals and tags too', () => {
    expect(messageArguments('<b>{name}</b> liked {count, plural, one {# story} other {{when, date} #}}')).toEqual([
      'b:tag',
      'count:plural',
      'name:argument',
      'when:date',
    ]);
    expect(() => messageArguments('{broken')).toThrow();
  });
});

describe.each(CATALOGUES)('$catalogue', ({ catalogue, code }) => {
  it('translates every message of the code, and nothing else, with the same arguments', async () => {
    const english = await extractMessages(code, root);
    const problems = checkCatalogue(english, readCatalogue(path.join(root, catalogue)));
    expect(problems).toEqual({ missing: [], unused: [], mismatched: [] });
  }, 120_000);
});
