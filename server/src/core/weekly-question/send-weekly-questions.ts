// Sends the weekly questions that are due (docs/decisions/0031-one-question-a-week.md). Run every few minutes by
// weekly-schedule.ts, one instance at a time. A person is due when their next_at has come; the send is claimed first
// by moving next_at on with a conditional update (whoever moves it sends; a repeated or concurrent run finds it
// moved), and the next time is worked out from now, so a server that was down for weeks sends one email, not one per
// missed week. A failed send gives the claim back, so the next run tries again.
import type { Locale } from '../../contract/locale';
import type { SiteLinks } from '../accounts/password-reset';
import { replyAddressFor } from '../answers-by-email/reply-address';
import type { CoreDeps } from '../shared/core-deps';
import { pickWeeklyQuestion } from './pick-question';
import { weeklyQuestionEmail } from './question-email';
import { nextAfter } from './schedule-time';
import { weeklyUnsubscribeToken } from './unsubscribe-token';

/** Sends the questions that are due; returns how many went out. One failing address does not stop the rest. */
export async function sendWeeklyQuestions(deps: CoreDeps, links: SiteLinks): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.db
    .selectFrom('weekly_questions as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .select([
      'w.user_id',
      'w.day',
      'w.minute',
      'w.time_zone',
      'w.next_at',
      'w.last_sent_at',
      'w.last_question_id',
      'u.email',
      'u.first_name',
      'u.username',
      'u.locale',
      'u.suspended_at',
      'u.email_verified_at',
    ])
    .where('w.state', '=', 'on')
    .where('w.next_at', '<=', now)
    .orderBy('w.next_at')
    .execute();
  let sent = 0;
  for (const person of due) {
    try {
      if (await sendOne(deps, links, person, now)) sent += 1;
    } catch (err) {
      deps.log(`Could not send the weekly question to account ${person.user_id}: ${(err as Error).message}`);
    }
  }
  return sent;
}

interface Due {
  user_id: number;
  day: number;
  minute: number;
  time_zone: string;
  next_at: number | null;
  last_sent_at: number | null;
  last_question_id: string | null;
  email: string;
  first_name: string | null;
  username: string;
  locale: Locale | null;
  suspended_at: number | null;
  email_verified_at: number | null;
}

async function sendOne(deps: CoreDeps, links: SiteLinks, person: Due, now: number): Promise<boolean> {
  const schedule = { day: Number(person.day), minute: Number(person.minute), time_zone: person.time_zone };
  const next = nextAfter(now, now, schedule);
  const claimed = await deps.db
    .updateTable('weekly_questions')
    .set({ next_at: next, last_sent_at: now })
    .where('user_id', '=', person.user_id)
    .where('state', '=', 'on')
    .where('next_at', '=', Number(person.next_at))
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return false;
  // A suspended account (ADR 0020), or one whose address is still to be confirmed (REQUIRE_EMAIL_VERIFICATION), gets
  // nothing; its weeks pass.
  if (person.suspended_at !== null || person.email_verified_at === null) return false;
  // In the person's language (their users.locale, else English): the question and the email's words.
  const locale = person.locale ?? undefined;
  const question = await pickWeeklyQuestion(deps, person.user_id, person.last_question_id, locale);
  // Every question answered or set aside: nothing to ask this week.
  if (!question) return false;
  try {
    const replyTo = await replyAddressFor(deps, person.user_id, { questionId: question.id, questionText: question.text });
    await deps.mailer.send(
      weeklyQuestionEmail(
        person.email,
        {
          name: person.first_name?.trim() || person.username,
          question: question.text,
          askedBy: question.askedBy,
          writeUrl: `${links.origin}/story/write?question=${encodeURIComponent(question.id)}`,
          replyTo,
          settingsUrl: `${links.origin}/notifications#weekly-question`,
          unsubscribeUrl: `${links.origin}/unsubscribe/question/${weeklyUnsubscribeToken(deps.secret, person.user_id)}`,
        },
        locale,
      ),
    );
  } catch (err) {
    await deps.db
      .updateTable('weekly_questions')
      .set({ next_at: Number(person.next_at), last_sent_at: person.last_sent_at === null ? null : Number(person.last_sent_at) })
      .where('user_id', '=', person.user_id)
      .where('next_at', '=', next)
      .execute();
    throw err;
  }
  await deps.db.updateTable('weekly_questions').set({ last_question_id: question.id }).where('user_id', '=', person.user_id).execute();
  await deps.db
    .insertInto('weekly_question_sends')
    .values({ user_id: person.user_id, question_id: question.id, sent_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'question_id']).doUpdateSet({ sent_at: now }))
    .execute();
  return true;
}
