// What each person chose to be told about (ADR 0019). No row means the defaults: every kind on, no email.
import type { NotificationKindName, NotificationSettings } from '../../contract/notifications';
import type { Executor } from '../../db/compiled-query';
import type { CoreDeps, SignedInActor } from '../shared/core-deps';

export const DEFAULT_SETTINGS: NotificationSettings = { likes: true, saves: true, comments: true, replies: true, weekly_digest: false };

export async function readSettings(db: Executor, userId: number): Promise<NotificationSettings> {
  const row = await db
    .selectFrom('notification_settings')
    .select(['likes', 'saves', 'comments', 'replies', 'weekly_digest'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return DEFAULT_SETTINGS;
  return {
    likes: row.likes === 1,
    saves: row.saves === 1,
    comments: row.comments === 1,
    replies: row.replies === 1,
    weekly_digest: row.weekly_digest === 1,
  };
}

/** The kinds a person sees; turning one off hides it (turning it back on shows it again). */
export function enabledKinds(s: NotificationSettings): NotificationKindName[] {
  const kinds: NotificationKindName[] = [];
  if (s.likes) kinds.push('like');
  if (s.saves) kinds.push('save');
  if (s.comments) kinds.push('comment');
  if (s.replies) kinds.push('reply');
  // An answer to one's own question has no switch: it comes at most once per question asked.
  kinds.push('answer');
  return kinds;
}

export const getSettings = (deps: CoreDeps, { userId }: SignedInActor) => readSettings(deps.db, userId);

/** Turning the weekly email on starts its week now: the first one covers what happens from here. */
export async function updateSettings(
  deps: CoreDeps,
  { userId }: SignedInActor,
  input: NotificationSettings,
): Promise<NotificationSettings> {
  const now = deps.clock.now();
  const before = await readSettings(deps.db, userId);
  const flags = {
    likes: input.likes ? 1 : 0,
    saves: input.saves ? 1 : 0,
    comments: input.comments ? 1 : 0,
    replies: input.replies ? 1 : 0,
    weekly_digest: input.weekly_digest ? 1 : 0,
  };
  const startDigest = input.weekly_digest && !before.weekly_digest;
  const latest = startDigest
    ? ((
        await deps.db
          .selectFrom('proj_notifications')
          .select((eb) => eb.fn.max('seq').as('seq'))
          .where('recipient_id', '=', userId)
          .executeTakeFirst()
      )?.seq ?? 0)
    : 0;
  const digest = startDigest ? { digest_sent_at: now, digest_seq: latest } : {};
  await deps.db
    .insertInto('notification_settings')
    .values({ user_id: userId, ...flags, ...(startDigest ? digest : { digest_sent_at: null }) })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...flags, ...digest }))
    .execute();
  return readSettings(deps.db, userId);
}
