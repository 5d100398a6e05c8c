// The report reasons in the interface's language (docs/decisions/0042-interface-languages.md). The keys are the
// contract's (REPORT_REASONS, whose English the server keeps for its emails and logs); the words are the client's.
import { defineMessages } from 'react-intl';
import type { ReportReason } from '#contract/moderation-report-reasons';

export const REASON_WORDS: Record<ReportReason, { id: string; defaultMessage: string }> = defineMessages({
  spam: { id: 'moderation.reason.spam', defaultMessage: 'Spam or advertising' },
  harassment: { id: 'moderation.reason.harassment', defaultMessage: 'Bullying or harassment' },
  hate: { id: 'moderation.reason.hate', defaultMessage: 'Hateful words about a group of people' },
  sexual: { id: 'moderation.reason.sexual', defaultMessage: 'Sexual content' },
  violence: { id: 'moderation.reason.violence', defaultMessage: 'Violence or threats' },
  private_information: { id: 'moderation.reason.privateInformation', defaultMessage: "Someone's private information" },
  other: { id: 'moderation.reason.other', defaultMessage: 'Something else' },
});
