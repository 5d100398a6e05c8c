// A word-level comparison of two texts (diff's diffWords on the words a reader sees): insertions and deletions
// marked with <ins>/<del>, each with words for screen readers and a visible legend, since colour alone says nothing.
import { diffWords } from 'diff';
import { useMemo } from 'react';
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
  const parts = useMemo(() => diffWords(visibleDraft(from), visibleDraft(to)), [from, to]);
  const changed = parts.some((p) => p.added || p.removed);
  return (
    <section className="word-diff" aria-label={label}>
      <p className="word-diff-legend">
        <del>{removedLabel}</del> <ins>{addedLabel}</ins>
      </p>
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
        <p className="muted">The words are the same.</p>
      )}
    </section>
  );
}
