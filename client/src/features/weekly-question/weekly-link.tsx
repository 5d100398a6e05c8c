// The write screen's small line by "Need an idea? Answer a question" (docs/decisions/0031-one-question-a-week.md):
// "Get one question a week by email", opening the setting. Shown only while the weekly question is off.
import { Mail } from 'lucide-react';
import { Link } from 'wouter';
import { trpc } from '../../lib/trpc';
import { WEEKLY_QUESTION_ANCHOR } from './schedule-words';
import '../../styles/weekly-question.css';
import { FormattedMessage } from 'react-intl';

export function WeeklyQuestionLink() {
  const setting = trpc.weeklyQuestion.get.useQuery(undefined, { staleTime: 60_000 });
  if (setting.data?.state !== 'off') return null;
  return (
    <p className="weekly-question-link">
      <Mail size={18} aria-hidden="true" />
      <Link href={`/notifications#${WEEKLY_QUESTION_ANCHOR}`}>
        <FormattedMessage id="weekly.link" defaultMessage="Get one question a week by email" />
      </Link>
    </p>
  );
}
