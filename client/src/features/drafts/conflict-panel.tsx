// Shown when another tab or device saved a newer draft or published meanwhile (a 409): both texts are kept
// until the person chooses one, and they can look at the difference first. Nothing is overwritten silently.
import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { translateServerText } from '../../lib/server-messages';
import type { DraftContent } from './draft-sync';
import { WordDiff } from './word-diff';

interface Props {
  message: string;
  mine: () => DraftContent;
  theirs: DraftContent;
  busy: boolean;
  onKeep: () => void;
  onUseOther: () => void;
}

export function ConflictPanel({ message, mine, theirs, busy, onKeep, onUseOther }: Props) {
  const intl = useIntl();
  const [showDiff, setShowDiff] = useState(false);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus moves here so keyboard and screen-reader users meet the question at once.
  useEffect(() => heading.current?.focus(), []);

  return (
    <section className="conflict-panel" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        <FormattedMessage id="draft.conflict.title" defaultMessage="Two versions of your story" />
      </h2>
      {/* The server's sentence (a refused save) or one of ours, already in the interface's language. */}
      <p role="alert">{translateServerText(intl, message)}</p>
      <p>
        <FormattedMessage
          id="draft.conflict.question"
          defaultMessage="Both versions are kept until you choose. Which one do you want to go on with?"
        />
      </p>
      <div className="button-row">
        <button type="button" className="button large" onClick={onKeep} disabled={busy}>
          <FormattedMessage id="draft.conflict.keep" defaultMessage="Keep this version" />
        </button>
        <button type="button" className="button secondary large" onClick={onUseOther} disabled={busy}>
          <FormattedMessage id="draft.conflict.useOther" defaultMessage="Use the other version" />
        </button>
        <button type="button" className="button secondary large" aria-expanded={showDiff} onClick={() => setShowDiff((v) => !v)}>
          {showDiff
            ? intl.formatMessage({ id: 'draft.conflict.hideDiff', defaultMessage: 'Hide the difference' })
            : intl.formatMessage({ id: 'draft.conflict.showDiff', defaultMessage: 'Show the difference' })}
        </button>
      </div>
      {showDiff && (
        <WordDiff
          from={theirs}
          to={mine()}
          removedLabel={intl.formatMessage({ id: 'draft.conflict.removed', defaultMessage: 'Only in the other version' })}
          addedLabel={intl.formatMessage({ id: 'draft.conflict.added', defaultMessage: 'Only in this version' })}
          label={intl.formatMessage({ id: 'draft.conflict.diffLabel', defaultMessage: 'The difference between the two versions' })}
        />
      )}
    </section>
  );
}
