// Reading notifications (ADR 0019): grouped by kind, story and week, newest first. Names and deletions are read
// from the live tables (users), so a person deleted a moment ago, or one who just went private, shows as such
// even before the projection has caught up. What was read is kept per group as an event seq, which a rebuild keeps.
import { sql } from 'kysely';
import { AppError } from '../../contract/errors';
import type { ListNotificationsInput, MarkReadInput, NotificationGroup, NotificationKindName } from '../../contract/notifications';
import type { Executor } from '../../db/compiled-query';
import { isPostgres } from '../../db/dialect';
import { serializedTransaction } from '../../db/transaction';
import type { CoreDeps, SignedInActor } from '../shared/core-deps';
import { describeGroup, displayName, WEEK, WEEK_OFFSET } from './describe-group';
import { enabledKinds, readSettings } from './settings';
import type { Locale } from '../../contract/locale';
import { interfaceLocaleOf } from '../accounts/interface-locale';
import { serverIntl } from '../shared/interface-intl';

const ALL = '*';
const NOT_FOUND = 'This notification does not exist.';

export const groupKey = (kind: string, story: number, week: number) => `${kind}:${story}:${week}`;

/** What the person has read: up to a seq everywhere, and per group. */
async function readMarks(db: Executor, userId: number) {
  const rows = await db.selectFrom('notification_reads').select(['group_key', 'read_seq']).where('user_id', '=', userId).execute();
  const marks = new Map(rows.map((r) => [r.group_key, r.read_seq]));
  const all = marks.get(ALL) ?? 0;
  return (key: string, lastSeq: number) => lastSeq > Math.max(all, marks.get(key) ?? 0);
}

// Literals, not parameters: a bound JS number is a REAL to SQLite, and the division must be an integer one.
const weekExpr = sql<number>`(n.at - ${sql.lit(WEEK_OFFSET)}) / ${sql.lit(WEEK)}`;

/** The larger of the kept and the new read mark: SQLite's two-argument max() is PostgreSQL's greatest(). */
const laterReadSeq = (db: Executor) =>
  isPostgres(db) ? sql<number>`greatest(notification_reads.read_seq, excluded.read_seq)` : sql<number>`max(read_seq, excluded.read_seq)`;

/** Not from a person the recipient blocked: their likes and comments are not news to the blocker (ADR 0020). */
const notBlockedBy = (userId: number) =>
  sql<boolean>`NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = ${userId} AND b.blocked_id = n.actor_id)`;

/**
 * The story is one the recipient may read (docs/decisions/0026-who-can-read-a-story.md): their own, one for everyone,
 * or one whose circle their account joined. Nobody hears of a story they cannot read; a widened audience brings the
 * news back. (A device's passes are not an account's: notifications go by account.)
 */
const storyReadableBy = (userId: number) =>
  sql<boolean>`(n.story_user_id = ${userId}
    OR EXISTS (SELECT 1 FROM stories st WHERE st.user_id = n.story_user_id AND st.audience = 'everyone')
    OR EXISTS (SELECT 1 FROM stories st WHERE st.user_id = n.story_user_id AND st.audience IN ('link', 'circle')
      AND EXISTS (SELECT 1 FROM circle_members cm WHERE cm.owner_id = n.story_user_id AND cm.joined_user_id = ${userId})))`;

/**
 * The groups, newest first, with counts; `afterSeq` keeps only groups with something newer. s.id (= n.story_user_id)
 * is grouped too so that PostgreSQL accepts the story owner's columns (grouped by their primary key).
 */
export function groupsQuery(db: Executor, userId: number, kinds: NotificationKindName[], afterSeq = 0) {
  return db
    .selectFrom('proj_notifications as n')
    .innerJoin('users as a', 'a.id', 'n.actor_id')
    .innerJoin('users as s', 's.id', 'n.story_user_id')
    .leftJoin('comments as c', 'c.id', 'n.comment_id')
    .select((eb) => [
      'n.kind',
      'n.story_user_id',
      weekExpr.as('week'),
      eb.fn.count<number>('n.actor_id').distinct().as('people'),
      eb.fn.max('n.seq').as('last_seq'),
      eb.fn.max('n.at').as('last_at'),
      's.username as story_username',
      's.first_name',
      's.last_name',
      's.is_private',
    ])
    .where('n.recipient_id', '=', userId)
    .where('n.kind', 'in', kinds.length ? kinds : ['none' as NotificationKindName])
    .where('n.seq', '>', afterSeq)
    .where('a.suspended_at', 'is', null)
    .where(notBlockedBy(userId))
    .where('c.hidden_at', 'is', null)
    .where(storyReadableBy(userId))
    .groupBy(['n.kind', 'n.story_user_id', 's.id', sql`week`])
    .orderBy('last_seq', 'desc');
}

export type GroupRow = Awaited<ReturnType<ReturnType<typeof groupsQuery>['execute']>>[number];

/** The newest two people of a group, for "Ann and bob liked…" (never asked for saves). a.id: as s.id above. */
async function newestNames(db: Executor, userId: number, g: GroupRow): Promise<string[]> {
  const start = g.week * WEEK + WEEK_OFFSET;
  const rows = await db
    .selectFrom('proj_notifications as n')
    .innerJoin('users as a', 'a.id', 'n.actor_id')
    .leftJoin('comments as c', 'c.id', 'n.comment_id')
    .select((eb) => ['a.username', 'a.first_name', 'a.last_name', 'a.is_private', eb.fn.max('n.seq').as('newest')])
    .where('n.recipient_id', '=', userId)
    .where('a.suspended_at', 'is', null)
    .where(notBlockedBy(userId))
    .where('c.hidden_at', 'is', null)
    .where('n.kind', '=', g.kind)
    .where('n.story_user_id', '=', g.story_user_id)
    .where('n.at', '>=', start)
    .where('n.at', '<', start + WEEK)
    .groupBy(['n.actor_id', 'a.id'])
    .orderBy('newest', 'desc')
    .limit(2)
    .execute();
  return rows.map(displayName);
}

/** Groups with their sentences; used by the screen and the weekly email. */
export async function describeGroups(db: Executor, userId: number, rows: GroupRow[], now: number, fallbackLocale?: Locale) {
  // The person's language; without a choice of theirs, the one their request asked for (else English).
  const intl = serverIntl((await interfaceLocaleOf({ db }, userId)) ?? fallbackLocale);
  return Promise.all(
    rows.map(async (g) => ({
      row: g,
      key: groupKey(g.kind, g.story_user_id, g.week),
      text: describeGroup(
        {
          kind: g.kind,
          week: g.week,
          people: Number(g.people),
          names: g.kind === 'save' || Number(g.people) > 2 ? [] : await newestNames(db, userId, g),
          storyOwner: displayName({ ...g, username: g.story_username }),
        },
        now,
        intl,
      ),
    })),
  );
}

export async function listNotifications(
  deps: CoreDeps,
  { userId }: SignedInActor,
  { limit }: ListNotificationsInput,
  fallbackLocale?: Locale,
): Promise<NotificationGroup[]> {
  const kinds = enabledKinds(await readSettings(deps.db, userId));
  const rows = await groupsQuery(deps.db, userId, kinds).limit(limit).execute();
  const isUnread = await readMarks(deps.db, userId);
  const described = await describeGroups(deps.db, userId, rows, deps.clock.now(), fallbackLocale);
  return described.map(({ row, key, text }) => ({
    key,
    kind: row.kind,
    text,
    story_username: row.story_username,
    people: Number(row.people),
    at: new Date(Number(row.last_at)).toISOString(),
    unread: isUnread(key, Number(row.last_seq)),
  }));
}

/** The bell's number: unread groups. Reads only what came after "mark all as read" (the primary key's range). */
export async function unreadCount(deps: CoreDeps, { userId }: SignedInActor): Promise<{ count: number }> {
  const kinds = enabledKinds(await readSettings(deps.db, userId));
  const all = await deps.db
    .selectFrom('notification_reads')
    .select('read_seq')
    .where('user_id', '=', userId)
    .where('group_key', '=', ALL)
    .executeTakeFirst();
  // No names (a deleted person's rows leave with the next catch-up), but a suspended person's actions and hidden
  // comments are left out while moderation keeps them so (ADR 0020): the same rows the list shows.
  const rows = await deps.db
    .selectFrom('proj_notifications as n')
    .innerJoin('users as a', 'a.id', 'n.actor_id')
    .leftJoin('comments as c', 'c.id', 'n.comment_id')
    .select((eb) => ['n.kind', 'n.story_user_id', weekExpr.as('week'), eb.fn.max('n.seq').as('last_seq')])
    .where('n.recipient_id', '=', userId)
    .where('a.suspended_at', 'is', null)
    .where(notBlockedBy(userId))
    .where('c.hidden_at', 'is', null)
    .where(storyReadableBy(userId))
    .where('n.seq', '>', all?.read_seq ?? 0)
    .where('n.kind', 'in', kinds.length ? kinds : ['none' as NotificationKindName])
    .groupBy(['n.kind', 'n.story_user_id', sql`week`])
    .execute();
  if (rows.length === 0) return { count: 0 };
  const isUnread = await readMarks(deps.db, userId);
  return { count: rows.filter((r) => isUnread(groupKey(r.kind, r.story_user_id, r.week), Number(r.last_seq))).length };
}

export async function markRead(deps: CoreDeps, { userId }: SignedInActor, { key }: MarkReadInput): Promise<void> {
  const [kind, story, week] = key.split(':') as [NotificationKindName, string, string];
  const start = Number(week) * WEEK + WEEK_OFFSET;
  const row = await deps.db
    .selectFrom('proj_notifications')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('recipient_id', '=', userId)
    .where('kind', '=', kind)
    .where('story_user_id', '=', Number(story))
    .where('at', '>=', start)
    .where('at', '<', start + WEEK)
    .executeTakeFirst();
  if (row?.seq == null) throw new AppError('NOT_FOUND', NOT_FOUND);
  const seq = row.seq;
  await deps.db
    .insertInto('notification_reads')
    .values({ user_id: userId, group_key: key, read_seq: seq })
    .onConflict((oc) => oc.columns(['user_id', 'group_key']).doUpdateSet({ read_seq: laterReadSeq(deps.db) }))
    .execute();
}

/** Everything up to the newest notification; the per-group marks below it are no longer needed. */
export async function markAllRead(deps: CoreDeps, { userId }: SignedInActor): Promise<void> {
  const row = await deps.db
    .selectFrom('proj_notifications')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('recipient_id', '=', userId)
    .executeTakeFirst();
  const seq = row?.seq ?? 0;
  await serializedTransaction(deps.db, async (trx) => {
    await trx
      .insertInto('notification_reads')
      .values({ user_id: userId, group_key: ALL, read_seq: seq })
      .onConflict((oc) => oc.columns(['user_id', 'group_key']).doUpdateSet({ read_seq: laterReadSeq(deps.db) }))
      .execute();
    await trx
      .deleteFrom('notification_reads')
      .where('user_id', '=', userId)
      .where('group_key', '!=', ALL)
      .where('read_seq', '<=', seq)
      .execute();
  });
}
