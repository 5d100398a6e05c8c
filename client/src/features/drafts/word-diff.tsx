// A word-level comparison of two texts (diff's diffWords on the words a reader sees): insertions and deletions
// marked with <ins>/<del>, each with words for screen readers and a visible legend, since colour alone says nothing.
import { diffWords } from 'diff';
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { visibleDraft } from '../../lib/visible-text';

interface Props {
  /** The older text (or the other one). */
  from: { title: string; text: string };
  /** The newer text (or this one). */
  to: { title: string; text: string };
  /** What deletions and insertions mean here, e.g. "Only in the other version". */
  removedLabel: string;
  addedLabel: string;
  label: string;
}

export function WordDiff({ from, to, removedLabel, addedLabel, label }: Props) {
  const parts = useMemo(() => photoAwareDiff(visibleDraft(from, { photos: true }), visibleDraft(to, { photos: true })), [from, to]);
  const changed = parts.some((p) => p.added || p.removed);
  const intl = useIntl();
  const lower = (text: string) => text.toLocaleLowerCase(intl.locale);
  return (
    <section className="word-diff" aria-label={label}>
      {/* Says what each marking means, with a sample of it: large, and not by colour alone (issue #26). */}
      <ul
        className="word-diff-legend"
        aria-label={intl.formatMessage({ id: 'versions.diff.legend', defaultMessage: 'How to read the comparison' })}
      >
        <li>
          <FormattedMessage
            id="versions.diff.crossedOut"
            defaultMessage="<del>Crossed out</del>: {meaning}"
            values={{ meaning: lower(removedLabel), del: (chunks) => <del>{chunks}</del> }}
          />
        </li>
        <li>
          <FormattedMessage
            id="versions.diff.underlined"
            defaultMessage="<ins>Underlined</ins>: {meaning}"
            values={{ meaning: lower(addedLabel), ins: (chunks) => <ins>{chunks}</ins> }}
          />
        </li>
        {/* The marker itself stays as lib/visible-text.ts writes it: the diff keeps each one whole by its shape. */}
        <li>
          <FormattedMessage id="versions.diff.photos" defaultMessage="Photos show as [photo: their description]" />
        </li>
      </ul>
      {changed ? (
        <div className="word-diff-text">
          {parts.map((part, i) =>
            part.added ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts never reorder; the index is their identity.
              <ins key={i}>
                <span className="visually-hidden">[{addedLabel}: </span>
                {part.value}
                <span className="visually-hidden">]</span>
              </ins>
            ) : part.removed ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: as above.
              <del key={i}>
                <span className="visually-hidden">[{removedLabel}: </span>
                {part.value}
                <span className="visually-hidden">]</span>
              </del>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: as above.
              <span key={i}>{part.value}</span>
            ),
          )}
        </div>
      ) : (
        <p className="muted">
          <FormattedMessage id="versions.diff.same" defaultMessage="The words are the same." />
        </p>
      )}
    </section>
  );
}

/**
 * diffWords with each "[photo: description]" one token: a photo is added or taken out whole, never interleaved
 * word by word with the text around it. A token is letters, digits and "_" only, so the tokeniser keeps it one word.
 */
function photoAwareDiff(a: string, b: string) {
  const photos: string[] = [];
  const protect = (s: string) =>
    s.replace(/\[photo: [^\]\n]*\]/g, (found) => {
      let i = photos.indexOf(found);
      if (i < 0) i = photos.push(found) - 1;
      return `__photo${i}__`;
    });
  return diffWords(protect(a), protect(b)).map((part) => ({
    ...part,
    value: part.value.replace(/__photo(\d+)__/g, (token, i: string) => photos[Number(i)] ?? token),
  }));
}
