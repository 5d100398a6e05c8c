// The weekly email (ADR 0019): for each person who turned it on, once a week at most, the groups that are new
// since the last one and still unread. Run by the hourly housekeeping; sent through the Mailer with a plain-text
// and an HTML body in the person's language (users.locale, else English), the site's name, a link to the settings to
// turn it off, and nothing that tracks.
import type { MailMessage } from '../../ports/mailer';
import type { Locale } from '../../contract/locale';
import { message, SITE } from '../accounts/account-emails';
import { serverIntl } from '../shared/interface-intl';
import type { SiteLinks } from '../accounts/password-reset';
import type { CoreDeps } from '../shared/core-deps';
import { WEEK } from './describe-group';
import { describeGroups, groupKey, groupsQuery } from './list-notifications';
import { enabledKinds, readSettings } from './settings';

const MOST_GROUPS = 20;

export function digestEmail(to: string, lines: string[], more: number, links: SiteLinks, locale?: Locale): MailMessage {
  const intl = serverIntl(locale);
  const values = { site: SITE };
  return message(to, intl.formatMessage({ id: 'email.weekly.subject', defaultMessage: 'Your week on {site}' }, values), [
    intl.formatMessage(
      { id: 'email.weekly.intro', defaultMessage: 'Here is what happened around your story on {site} this past week:' },
      values,
    ),
    ...lines.map((l) => `• ${l}.`),
    ...(more > 0 ? [intl.formatMessage({ id: 'email.weekly.more', defaultMessage: '…and {count, number} more.' }, { count: more })] : []),
    intl.formatMessage({ id: 'email.weekly.seeAll', defaultMessage: 'See them all here:' }),
    `${links.origin}/notifications`,
    intl.formatMessage({
      id: 'email.weekly.why',
      defaultMessage: 'You get this email once a week because you asked for it. To stop it, turn off "Weekly email" here:',
    }),
    `${links.origin}/notifications#settings`,
  ]);
}

/** Sends the digests that are due; returns how many went out. One failing address does not stop the rest. */
export async function sendWeeklyDigests(deps: CoreDeps, links: SiteLinks): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.db
    .selectFrom('notification_settings as ns')
    .innerJoin('users as u', 'u.id', 'ns.user_id')
    .select(['ns.user_id', 'ns.digest_seq', 'u.email', 'u.locale'])
    .where('ns.weekly_digest', '=', 1)
    .where((eb) => eb.or([eb('ns.digest_sent_at', 'is', null), eb('ns.digest_sent_at', '<=', now - WEEK)]))
    .execute();
  let sent = 0;
  for (const person of due) {
    try {
      if (await sendOne(deps, person, links, now)) sent += 1;
    } catch (err) {
      deps.log(`Could not send the weekly email to account ${person.user_id}: ${(err as Error).message}`);
    }
  }
  return sent;
}

async function sendOne(
  deps: CoreDeps,
  person: { user_id: number; digest_seq: number; email: string; locale: Locale | null },
  links: SiteLinks,
  now: number,
) {
  const kinds = enabledKinds(await readSettings(deps.db, person.user_id));
  const rows = await groupsQuery(deps.db, person.user_id, kinds, person.digest_seq).execute();
  const reads = await deps.db
    .selectFrom('notification_reads')
    .select(['group_key', 'read_seq'])
    .where('user_id', '=', person.user_id)
    .execute();
  const marks = new Map(reads.map((r) => [r.group_key, r.read_seq]));
  const unread = rows.filter(
    (r) => Number(r.last_seq) > Math.max(marks.get('*') ?? 0, marks.get(groupKey(r.kind, r.story_user_id, r.week)) ?? 0),
  );
  // Nothing new: no email, and the next hour looks again.
  if (unread.length === 0) return false;
  const described = await describeGroups(deps.db, person.user_id, unread.slice(0, MOST_GROUPS), now);
  await deps.mailer.send(
    digestEmail(
      person.email,
      described.map((d) => d.text),
      unread.length - described.length,
      links,
      person.locale ?? undefined,
    ),
  );
  const seq = Math.max(...rows.map((r) => Number(r.last_seq)));
  await deps.db
    .updateTable('notification_settings')
    .set({ digest_sent_at: now, digest_seq: seq })
    .where('user_id', '=', person.user_id)
    .execute();
  return true;
}
