// The family asks (issue #25, docs/decisions/0032-the-family-asks.md): a reader of the writer's circle asks the
// writer a question from the story page; it waits first in the writer's question picker ("Asked by Anna"), where the
// writer answers it (a chapter with the question as heading), keeps it for later or declines it. When the writer
// publishes their story with that chapter, the reader who asked is told: a notification and an email, once.
import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import {
  ASKED_ID_PREFIX,
  type Askable,
  type AskableInput,
  type AskQuestionInput,
  ASKS_PER_WEEK,
  MAX_WAITING_ASKED,
  NO_SUCH_QUESTION,
} from '../../contract/questions';
import type { Chapter } from '../../contract/stories';
import { AppError } from '../../contract/errors';
import type { AskedQuestionState, Database, QuestionState } from '../../db/schema';
import { serializedWrite } from '../../db/transaction';
import type { MailMessage } from '../../ports/mailer';
import { readableStoryOf, readerOf } from '../access/story-access';
import type { SiteLinks } from '../accounts/password-reset';
import { message, SITE } from '../accounts/account-emails';
import type { Locale } from '../../contract/locale';
import { serverIntl } from '../shared/interface-intl';
import { appendEvent } from '../events/append-event';
import type { Actor, CoreDeps, SignedInActor } from '../shared/core-deps';
import { requireVisibleStoryOf } from '../shared/find-user';
import { cutTitle } from '../stories/chapters';
import { chaptersOf, normalisedHeading } from './chapters';

type Db = Kysely<Database> | Transaction<Database>;

const DAY = 24 * 60 * 60 * 1000;
const WEEK = 7 * DAY;

export const CANNOT_ASK_YOURSELF = 'This is your own story: add your question as a chapter of your own.';
export const notInCircle = (name: string) => `Only the readers ${name} invited can ask ${name} a question.`;
export const askerBlocked = (name: string) => `You cannot ask ${name} questions.`;
export const tooManyAsks = (name: string, days: number) =>
  `You have asked ${name} ${ASKS_PER_WEEK} questions this week. You can ask another in ${days === 1 ? '1 day' : `${days} days`}.`;
export const tooManyWaiting = (name: string) => `${name} has many questions waiting already. Please ask again in a while.`;

interface PersonRow {
  username: string;
  first_name: string | null;
  is_private: number;
}

/** How a person is named to the other: the first name, or the username for a private account or one without. */
export const firstNameOf = (p: PersonRow) => (p.is_private === 0 && p.first_name?.trim() ? p.first_name.trim() : p.username);

async function person(db: Db, id: number): Promise<PersonRow> {
  return db.selectFrom('users').select(['username', 'first_name', 'is_private']).where('id', '=', id).executeTakeFirstOrThrow();
}

async function isMember(db: Db, readerId: number, writerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('circle_members')
    .select('id')
    .where('owner_id', '=', writerId)
    .where('joined_user_id', '=', readerId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the viewer may ask the writer of this story a question (the story page's button), and the writer's name. */
export async function askable(deps: CoreDeps, actor: Actor, { username }: AskableInput): Promise<Askable> {
  if (actor.userId === null) return { can_ask: false, name: null };
  const writerId = await readableStoryOf(deps.db, readerOf(actor), username);
  if (writerId === null || writerId === actor.userId) return { can_ask: false, name: null };
  if (!(await isMember(deps.db, actor.userId, writerId))) return { can_ask: false, name: null };
  const blocked = await deps.db
    .selectFrom('blocks')
    .select('blocker_id')
    .where('blocker_id', '=', writerId)
    .where('blocked_id', '=', actor.userId)
    .executeTakeFirst();
  return { can_ask: blocked === undefined, name: firstNameOf(await person(deps.db, writerId)) };
}

/**
 * Asks the writer a question. Only a signed-in member of the writer's circle (their account joined an invitation),
 * not the writer; a story the asker cannot read is "Story not found." (as everywhere), a reader outside the circle
 * (a public story's stranger) a 403. At most ASKS_PER_WEEK per reader and writer in seven days, and MAX_WAITING_ASKED
 * waiting per writer, both counted in asked_questions.
 */
export async function askQuestion(deps: CoreDeps, actor: SignedInActor, input: AskQuestionInput): Promise<{ asked: true }> {
  const { userId } = actor;
  const now = deps.clock.now();
  await serializedWrite(deps.db, async (db) => {
    const writerId = await requireVisibleStoryOf(db, input.username, readerOf(actor));
    if (writerId === userId) throw new AppError('BAD_INPUT', CANNOT_ASK_YOURSELF);
    const name = firstNameOf(await person(db, writerId));
    if (!(await isMember(db, userId, writerId))) throw new AppError('FORBIDDEN', notInCircle(name));
    const blocked = await db
      .selectFrom('blocks')
      .select('blocker_id')
      .where('blocker_id', '=', writerId)
      .where('blocked_id', '=', userId)
      .executeTakeFirst();
    if (blocked) throw new AppError('FORBIDDEN', askerBlocked(name));
    const recent = await db
      .selectFrom('asked_questions')
      .select('asked_at')
      .where('asker_id', '=', userId)
      .where('writer_id', '=', writerId)
      .where('asked_at', '>', now - WEEK)
      .orderBy('asked_at')
      .execute();
    if (recent.length >= ASKS_PER_WEEK) {
      const wait = Number(recent[recent.length - ASKS_PER_WEEK]!.asked_at) + WEEK - now;
      throw new AppError('RATE_LIMITED', tooManyAsks(name, Math.max(1, Math.ceil(wait / DAY))), undefined, Math.ceil(wait / 1000));
    }
    const waiting = await db
      .selectFrom('asked_questions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('writer_id', '=', writerId)
      .where('state', 'in', ['open', 'later'])
      .executeTakeFirstOrThrow();
    if (Number(waiting.n) >= MAX_WAITING_ASKED) throw new AppError('RATE_LIMITED', tooManyWaiting(name), undefined, DAY / 1000);
    await db
      .insertInto('asked_questions')
      .values({ writer_id: writerId, asker_id: userId, text: input.text, state: 'open', asked_at: now, answered_at: null, told_at: null })
      .execute();
  });
  return { asked: true };
}

type AskedRows = ExpressionBuilder<Database & { q: Database['asked_questions'] }, 'q'>;

/**
 * The asker of row `q` is still one the writer hears from: a member of her circle (an account joined to one of her
 * invitations) whom she has not blocked. Read each time, so removing a reader (ADR 0026) or blocking them (ADR 0020)
 * takes their questions out of the picker, the weekly email and the telling at once, and inviting them back brings
 * the questions back; nothing is deleted.
 */
const askerStillWelcome = (writerId: number) => (eb: AskedRows) =>
  eb.and([
    eb.exists(
      eb
        .selectFrom('circle_members as m')
        .select('m.id')
        .where('m.owner_id', '=', writerId)
        .whereRef('m.joined_user_id', '=', 'q.asker_id'),
    ),
    eb.not(
      eb.exists(
        eb
          .selectFrom('blocks')
          .select('blocks.blocker_id')
          .where('blocks.blocker_id', '=', writerId)
          .whereRef('blocks.blocked_id', '=', 'q.asker_id'),
      ),
    ),
  ]);

export interface AskedCandidate {
  id: string;
  text: string;
  askedBy: string;
  kept: boolean;
}

/**
 * The questions waiting for the writer (open or kept for later), oldest first; only from askers still welcome (in her
 * circle, not blocked): the picker's and the weekly email's family candidates (core/questions/questions.ts). Who
 * asked is named as the writer named them in her invitation, else by their first name (their username if private).
 */
export async function waitingAsked(db: Db, writerId: number): Promise<AskedCandidate[]> {
  const rows = await db
    .selectFrom('asked_questions as q')
    .innerJoin('users as a', 'a.id', 'q.asker_id')
    .select(['q.id', 'q.text', 'q.state', 'a.username', 'a.first_name', 'a.is_private'])
    // The name the writer gave the reader when she invited them ("Anna"), else the reader's own first name.
    .select((eb) =>
      eb
        .selectFrom('circle_members as m')
        .select('m.name')
        .where('m.owner_id', '=', writerId)
        .whereRef('m.joined_user_id', '=', 'q.asker_id')
        .orderBy('m.id')
        .limit(1)
        .as('invited_name'),
    )
    .where('q.writer_id', '=', writerId)
    .where('q.state', 'in', ['open', 'later'])
    .where(askerStillWelcome(writerId))
    .orderBy('q.asked_at')
    .orderBy('q.id')
    .execute();
  return rows.map((r) => ({
    id: `${ASKED_ID_PREFIX}${r.id}`,
    text: r.text,
    askedBy: r.invited_name?.trim() || firstNameOf(r),
    kept: r.state === 'later',
  }));
}

export const isAskedId = (id: string) => id.startsWith(ASKED_ID_PREFIX);

/** The row id of `asked-<n>`, or null for anything else. */
function askedRowId(id: string): number | null {
  if (!/^asked-[1-9]\d{0,15}$/.test(id)) return null;
  const n = Number(id.slice(ASKED_ID_PREFIX.length));
  return Number.isSafeInteger(n) ? n : null;
}

/** The words of a question asked of this writer (any state), or undefined when it is not hers or not there. */
export async function askedQuestionOf(db: Db, writerId: number, id: string): Promise<{ id: string; text: string } | undefined> {
  const rowId = askedRowId(id);
  if (rowId === null) return undefined;
  const row = await db
    .selectFrom('asked_questions')
    .select('text')
    .where('id', '=', rowId)
    .where('writer_id', '=', writerId)
    .executeTakeFirst();
  return row && { id, text: row.text };
}

const STATE_OF: Record<QuestionState, AskedQuestionState> = { answered: 'answered', dismissed: 'declined', later: 'later' };

/**
 * The writer answers, keeps for later or declines a question asked of them: as for the library's questions, an answer
 * replaces any other state and nothing replaces an answer. The answer is what its chapter heading says: the text.
 */
export async function setAskedState(
  deps: CoreDeps,
  writerId: number,
  id: string,
  state: QuestionState,
): Promise<{ id: string; state: QuestionState }> {
  const rowId = askedRowId(id);
  if (rowId === null) throw new AppError('NOT_FOUND', NO_SUCH_QUESTION);
  const now = deps.clock.now();
  return serializedWrite(deps.db, async (db) => {
    const row = await db
      .selectFrom('asked_questions')
      .select('state')
      .where('id', '=', rowId)
      .where('writer_id', '=', writerId)
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', NO_SUCH_QUESTION);
    if (row.state !== 'answered') {
      await db
        .updateTable('asked_questions')
        .set({ state: STATE_OF[state], answered_at: state === 'answered' ? now : null })
        .where('id', '=', rowId)
        .execute();
    }
    const after = row.state === 'answered' ? 'answered' : STATE_OF[state];
    return { id, state: after === 'declined' ? 'dismissed' : after === 'open' ? 'later' : after };
  });
}

export interface ToldAsker {
  askerId: number;
  text: string;
}

/**
 * In the publish's transaction: the answered questions whose chapter (its heading, with words under it) is in the
 * published story and whose asker, still welcome, was not told yet are marked told, and an event tells each asker (the
 * notification, core/notifications/). A chapter answered but never published tells no one.
 */
export async function markAnsweredInPublish(trx: Transaction<Database>, writerId: number, body: string, now: number): Promise<ToldAsker[]> {
  // An asker no longer welcome (removed from the circle, or blocked) is not told; the row stays untold, so an asker
  // invited back is told at the next publish with the chapter.
  const rows = await trx
    .selectFrom('asked_questions as q')
    .select(['q.id', 'q.asker_id', 'q.text'])
    .where('q.writer_id', '=', writerId)
    .where('q.state', '=', 'answered')
    .where('q.told_at', 'is', null)
    .where(askerStillWelcome(writerId))
    .execute();
  if (rows.length === 0) return [];
  const written = new Set(
    chaptersOf(body)
      .chapters.filter((c) => c.words > 0)
      .map((c) => normalisedHeading(c.heading)),
  );
  const told: ToldAsker[] = [];
  for (const r of rows) {
    if (!written.has(normalisedHeading(r.text))) continue;
    await trx.updateTable('asked_questions').set({ told_at: now }).where('id', '=', r.id).execute();
    await appendEvent(
      trx,
      { type: 'asked_question_answered', payload: { user_id: r.asker_id, story_user_id: writerId, question_id: r.id } },
      now,
    );
    told.push({ askerId: r.asker_id, text: r.text });
  }
  return told;
}

/**
 * The email to the reader who asked: plain text and the same words as simple HTML, one link to the chapter; in the
 * asker's language (`locale`: their users.locale, else English; the question in the words they wrote).
 */
export function answeredEmail(to: string, asker: string, writer: string, question: string, link: string, locale?: Locale): MailMessage {
  const intl = serverIntl(locale);
  const values = { asker, writer, question, site: SITE };
  return message(to, intl.formatMessage({ id: 'email.answered.subject', defaultMessage: '{writer} answered your question' }, values), [
    intl.formatMessage({ id: 'email.answered.dear', defaultMessage: 'Dear {asker},' }, values),
    intl.formatMessage({ id: 'email.answered.asked', defaultMessage: 'You asked {writer}: “{question}”' }, values),
    intl.formatMessage(
      { id: 'email.answered.read', defaultMessage: '{writer} has answered it in their story on {site}. You can read the answer here:' },
      values,
    ),
    link,
  ]);
}

/** After the publish: an email to each reader told (failures are logged, never thrown: the publish is done). */
export async function emailAskers(
  deps: CoreDeps,
  writerId: number,
  told: readonly ToldAsker[],
  chapters: readonly Chapter[],
  { origin }: SiteLinks,
): Promise<void> {
  if (told.length === 0) return;
  const writer = await person(deps.db, writerId);
  const writerName = firstNameOf(writer);
  const slugs = new Map(chapters.map((c) => [normalisedHeading(c.title), c]));
  await Promise.allSettled(
    told.map(async (t) => {
      try {
        const asker = await deps.db
          .selectFrom('users')
          .select(['email', 'username', 'first_name', 'is_private', 'locale'])
          .where('id', '=', t.askerId)
          .executeTakeFirst();
        if (!asker) return;
        const chapter = slugs.get(normalisedHeading(cutTitle(t.text)));
        const path = `/story/${encodeURIComponent(writer.username)}/page/${chapter?.page ?? 1}${chapter ? `#${chapter.slug}` : ''}`;
        await deps.mailer.send(
          answeredEmail(asker.email, firstNameOf(asker), writerName, t.text, `${origin}${path}`, asker.locale ?? undefined),
        );
      } catch (err) {
        deps.log(`Could not tell reader ${t.askerId} of an answer by account ${writerId}: ${(err as Error).message}`);
      }
    }),
  );
}
