// Draft writes: a save or discard appends no event, so it must not wake the projector: autosave writes a draft every
// ~1.5 s per person typing, and each wake-up would be a catch-up run on the connection the readers share
// (docs/performance.md, "Autosave against story-page reads").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discardDraft, autosaveDraft } from '../../server/src/core/drafts/drafts';
import type { CoreDeps, SignedInActor } from '../../server/src/core/shared/core-deps';
import { makeTestApp, signedInPerson, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t.close());

describe('draft writes and the projector', () => {
  it('a save and a discard commit without waking it; the 409 rule still holds', async () => {
    const me = await signedInPerson(t);
    let wakes = 0;
    const deps: CoreDeps = { ...t.deps, onEventsCommitted: () => void wakes++ };
    const actor: SignedInActor = { userId: me.id, sessionId: null, signedInAt: null, clientKey: 'test' };

    const saved = await autosaveDraft(deps, actor, { title: 'T', text: '<p>One</p>', base_version: 0, draft_version: 0 });
    expect(saved.draft_version).toBe(1);
    await expect(autosaveDraft(deps, actor, { title: 'T', text: '<p>Stale</p>', base_version: 0, draft_version: 0 })).rejects.toMatchObject(
      {
        kind: 'CONFLICT',
      },
    );
    expect(await discardDraft(deps, actor, { draft_version: 1 })).toEqual({ draft_version: 2 });
    expect(wakes).toBe(0);
    // The draft really is in the database (the transaction committed).
    const row = await t.deps.db
      .selectFrom('drafts')
      .select(['draft_version', 'unsafe_html'])
      .where('user_id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ draft_version: 2, unsafe_html: null });
  });

  it('the one-statement save: no draft row yet, a save naming another counter gets 409 unless forced', async () => {
    const me = await signedInPerson(t);
    const actor: SignedInActor = { userId: me.id, sessionId: null, signedInAt: null, clientKey: 'test' };
    const draft = { title: 'T', text: '<p>Two</p>', base_version: 0 };
    await expect(autosaveDraft(t.deps, actor, { ...draft, draft_version: 3 })).rejects.toMatchObject({ kind: 'CONFLICT' });
    expect(await t.deps.db.selectFrom('drafts').select('user_id').where('user_id', '=', me.id).executeTakeFirst()).toBeUndefined();
    expect((await autosaveDraft(t.deps, actor, { ...draft, draft_version: 3, force: true })).draft_version).toBe(1);
    expect((await autosaveDraft(t.deps, actor, { ...draft, draft_version: 1 })).draft_version).toBe(2);
    await expect(autosaveDraft(t.deps, actor, { ...draft, draft_version: 1 })).rejects.toMatchObject({ kind: 'CONFLICT' });
    expect((await autosaveDraft(t.deps, actor, { ...draft, draft_version: 0, force: true })).draft_version).toBe(3);
  });
});
