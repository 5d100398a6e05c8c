// The weekly question setting (docs/decisions/0031-one-question-a-week.md): a person opts in with a day and a time in
// their own time zone (at registration, or later from the write screen's link to the notification settings), may
// pause it until they resume, or stop it (also by the email's one-click unsubscribe). While on, next_at is the next
// email's instant; every change works it out again, never within three days of the last email.
import type { Kysely } from 'kysely';
import { AppError } from '../../contract/errors';
import type { WeeklyQuestionSetting, WeeklySchedule } from '../../contract/weekly-question';
import type { Database } from '../../db/schema';
import type { CoreDeps, SignedInActor } from '../shared/core-deps';
import { nextAfter } from './schedule-time';

export const NOT_ON = 'The weekly question is not on.';
export const NOT_PAUSED = 'The weekly question is not paused.';

async function row(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('weekly_questions')
    .select(['state', 'day', 'minute', 'time_zone', 'next_at', 'last_sent_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The setting as the client shows it; never chosen is `off` with no day or time (the client offers its defaults). */
export async function readWeeklyQuestion(db: Kysely<Database>, userId: number): Promise<WeeklyQuestionSetting> {
  const r = await row(db, userId);
  if (!r) return { state: 'off', day: null, minute: null, time_zone: null, next_at: null };
  return {
    state: r.state === 'stopped' ? 'off' : r.state,
    day: Number(r.day),
    minute: Number(r.minute),
    time_zone: r.time_zone,
    next_at: r.state === 'on' && r.next_at !== null ? new Date(Number(r.next_at)).toISOString() : null,
  };
}

/**
 * Turns the weekly question on with this day and time (or, already on or paused, changes them: a paused one stays
 * paused). Takes a transaction too: registering opts in with the account's own insert.
 */
export async function chooseWeeklyQuestion(db: Kysely<Database>, userId: number, schedule: WeeklySchedule, now: number): Promise<void> {
  const before = await row(db, userId);
  const paused = before?.state === 'paused';
  const lastSentAt = before?.last_sent_at == null ? null : Number(before.last_sent_at);
  const values = {
    state: paused ? ('paused' as const) : ('on' as const),
    day: schedule.day,
    minute: schedule.minute,
    time_zone: schedule.time_zone,
    next_at: paused ? null : nextAfter(now, lastSentAt, schedule),
    updated_at: now,
  };
  await db
    .insertInto('weekly_questions')
    .values({ user_id: userId, ...values, last_sent_at: null, last_question_id: null })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

export async function setWeeklyQuestion(
  deps: CoreDeps,
  { userId }: SignedInActor,
  schedule: WeeklySchedule,
): Promise<WeeklyQuestionSetting> {
  await chooseWeeklyQuestion(deps.db, userId, schedule, deps.clock.now());
  return readWeeklyQuestion(deps.db, userId);
}

export async function pauseWeeklyQuestion(deps: CoreDeps, { userId }: SignedInActor): Promise<WeeklyQuestionSetting> {
  const done = await deps.db
    .updateTable('weekly_questions')
    .set({ state: 'paused', next_at: null, updated_at: deps.clock.now() })
    .where('user_id', '=', userId)
    .where('state', '=', 'on')
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0 && (await readWeeklyQuestion(deps.db, userId)).state !== 'paused')
    throw new AppError('CONFLICT', NOT_ON);
  return readWeeklyQuestion(deps.db, userId);
}

export async function resumeWeeklyQuestion(deps: CoreDeps, { userId }: SignedInActor): Promise<WeeklyQuestionSetting> {
  const r = await row(deps.db, userId);
  if (r?.state === 'on') return readWeeklyQuestion(deps.db, userId);
  if (r?.state !== 'paused') throw new AppError('CONFLICT', NOT_PAUSED);
  const now = deps.clock.now();
  const schedule = { day: Number(r.day), minute: Number(r.minute), time_zone: r.time_zone };
  await deps.db
    .updateTable('weekly_questions')
    .set({ state: 'on', next_at: nextAfter(now, r.last_sent_at == null ? null : Number(r.last_sent_at), schedule), updated_at: now })
    .where('user_id', '=', userId)
    .where('state', '=', 'paused')
    .execute();
  return readWeeklyQuestion(deps.db, userId);
}

/** Stops the emails (the settings' Stop, or the email's unsubscribe link). Stopping twice is fine. */
export async function stopWeeklyQuestionOf(db: Kysely<Database>, userId: number, now: number): Promise<void> {
  await db
    .updateTable('weekly_questions')
    .set({ state: 'stopped', next_at: null, updated_at: now })
    .where('user_id', '=', userId)
    .execute();
}

export async function stopWeeklyQuestion(deps: CoreDeps, { userId }: SignedInActor): Promise<WeeklyQuestionSetting> {
  await stopWeeklyQuestionOf(deps.db, userId, deps.clock.now());
  return readWeeklyQuestion(deps.db, userId);
}
