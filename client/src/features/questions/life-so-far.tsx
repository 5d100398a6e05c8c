// "Your life so far" (issue #25, docs/decisions/0028-questions-by-life-stage.md): the stages of a life as a row of
// numbered circles, filled where the story has a chapter, and the same in words beneath (stage, chapters, words; an
// empty stage says "Not written yet"). On the writer's profile it is shown; on the write screen it is folded under its
// heading's button, so that the editor stays near the top on a phone, and asked afresh after each autosave while open.
import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import type { LifeSoFar as LifeData } from '#contract/questions';
import { trpc } from '../../lib/trpc';
import '../../styles/questions.css';

/** The picture's words for a screen reader: how many stages are written, and which (the stages' titles in a list). */
export function lifeSummary(life: LifeData, intl: IntlShape): string {
  const written = life.stages.filter((s) => s.chapters > 0);
  const total = life.stages.length;
  const stages =
    written.length === 0
      ? intl.formatMessage(
          { id: 'questions.life.noneWritten', defaultMessage: 'No stage of your life is written yet, of {total}.' },
          { total },
        )
      : intl.formatMessage(
          {
            id: 'questions.life.written',
            defaultMessage: '{count} of {total} stages of your life written: {titles}.',
          },
          { count: written.length, total, titles: written.map((s) => s.title).join(', ') },
        );
  const own =
    life.own.chapters > 0
      ? ` ${intl.formatMessage(
          {
            id: 'questions.life.ownSummary',
            defaultMessage: 'And {count, plural, one {# chapter} other {# chapters}} of your own.',
          },
          { count: life.own.chapters },
        )}`
      : '';
  return `${intl.formatMessage({ id: 'questions.life.title', defaultMessage: 'Your life so far' })}. ${stages}${own}`;
}

const STEP = 50;
const R = 20;
const ROW = 56;
/** Narrower than this, the stages go in two rows of six, so that the numbers stay as large as the text. */
const NARROW = '(max-width: 640px)';

function useNarrow(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia(NARROW);
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    () => window.matchMedia(NARROW).matches,
    () => false,
  );
}

/** A path through the stages of a life, one numbered circle each, filled where the story has a chapter. */
function LifePicture({ life }: { life: LifeData }) {
  const intl = useIntl();
  const perRow = useNarrow() ? Math.ceil(life.stages.length / 2) : life.stages.length;
  const rows = Math.ceil(life.stages.length / perRow);
  const width = perRow * STEP;
  const at = (i: number) => ({ x: STEP / 2 + (i % perRow) * STEP, y: ROW / 2 + Math.floor(i / perRow) * ROW });
  return (
    <svg
      className={rows > 1 ? 'life-picture narrow' : 'life-picture'}
      viewBox={`0 0 ${width} ${rows * ROW}`}
      role="img"
      aria-label={lifeSummary(life, intl)}
      focusable="false"
    >
      <path
        className="life-line"
        d={Array.from({ length: rows }, (_, r) => `M${STEP / 2} ${ROW / 2 + r * ROW}H${width - STEP / 2}`).join('')}
      />
      {life.stages.map((s, i) => {
        const { x, y } = at(i);
        return (
          <g key={s.stage} className={s.chapters > 0 ? 'life-stage written' : 'life-stage'}>
            <circle cx={x} cy={y} r={R} />
            <text x={x} y={y} dy="0.35em" textAnchor="middle">
              {i + 1}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** The picture and its table: every stage, numbered as in the picture. */
export function LifeSoFarView({ life }: { life: LifeData }) {
  const intl = useIntl();
  return (
    <div className="life-so-far">
      <LifePicture life={life} />
      <table className="life-table">
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="questions.life.stage" defaultMessage="Stage" />
            </th>
            <th scope="col">
              <FormattedMessage id="questions.life.chapters" defaultMessage="Chapters" />
            </th>
            <th scope="col">
              <FormattedMessage id="questions.life.words" defaultMessage="Words" />
            </th>
          </tr>
        </thead>
        <tbody>
          {life.stages.map((s, i) => (
            <tr key={s.stage} className={s.chapters > 0 ? 'written' : undefined}>
              <th scope="row" className="numbered">
                <span className="life-number" aria-hidden="true">
                  {i + 1}
                </span>{' '}
                {s.title}
              </th>
              {s.chapters > 0 ? (
                <>
                  <td>{intl.formatNumber(s.chapters)}</td>
                  <td>{intl.formatNumber(s.words)}</td>
                </>
              ) : (
                <td colSpan={2} className="muted">
                  <FormattedMessage id="questions.life.notWritten" defaultMessage="Not written yet" />
                </td>
              )}
            </tr>
          ))}
          <tr>
            <th scope="row">
              <FormattedMessage id="questions.life.own" defaultMessage="Chapters of your own" />
            </th>
            {life.own.chapters > 0 ? (
              <>
                <td>{intl.formatNumber(life.own.chapters)}</td>
                <td>{intl.formatNumber(life.own.words)}</td>
              </>
            ) : (
              <td colSpan={2} className="muted">
                <FormattedMessage id="questions.life.noneYet" defaultMessage="None yet" />
              </td>
            )}
          </tr>
        </tbody>
      </table>
      {life.opening_words > 0 && (
        <p className="life-note muted">
          <FormattedMessage
            id="questions.life.opening"
            defaultMessage="Before your first chapter: {count, plural, one {# word} other {# words}}."
            values={{ count: life.opening_words }}
          />
        </p>
      )}
      <p className="life-note muted">
        <FormattedMessage
          id="questions.life.note"
          defaultMessage="A chapter starts at a heading. One you began from a question counts for that question’s stage."
        />
      </p>
    </div>
  );
}

function LifeBody({ enabled }: { enabled: boolean }) {
  const life = trpc.questions.lifeSoFar.useQuery(undefined, { enabled, staleTime: 0 });
  if (life.data) return <LifeSoFarView life={life.data} />;
  if (life.isError)
    return (
      <p className="muted">
        <FormattedMessage id="questions.life.failed" defaultMessage="Your life so far could not be counted just now." />
      </p>
    );
  return (
    <p className="muted">
      <FormattedMessage id="questions.life.counting" defaultMessage="Counting your chapters…" />
    </p>
  );
}

/** On the writer's profile: always shown. */
export function LifeSoFarSection() {
  const id = useId();
  return (
    <section className="card life-section" aria-labelledby={`${id}-life`}>
      <h2 id={`${id}-life`}>
        <FormattedMessage id="questions.life.title" defaultMessage="Your life so far" />
      </h2>
      <LifeBody enabled />
    </section>
  );
}

/** On the write screen: folded by default; `savedAt` (the last autosave) asks again while it is open. */
export function LifeSoFarDisclosure({ savedAt }: { savedAt: number | null }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const utils = trpc.useUtils();
  useEffect(() => {
    if (open && savedAt !== null) void utils.questions.lifeSoFar.invalidate();
  }, [open, savedAt, utils]);
  return (
    <section className="life-disclosure">
      <h2>
        <button type="button" className="life-toggle" aria-expanded={open} aria-controls={`${id}-body`} onClick={() => setOpen((v) => !v)}>
          <FormattedMessage id="questions.life.title" defaultMessage="Your life so far" />
          <ChevronDown size={20} aria-hidden="true" className="life-chevron" />
        </button>
      </h2>
      <div id={`${id}-body`} hidden={!open}>
        {open && <LifeBody enabled={open} />}
      </div>
    </section>
  );
}
