// Versions (issue #11): every published version of one's own story, newest first; one version read in full,
// compared word by word with the story as published now, and restored as the draft (reversible: nothing is
// published until Save Story). In the writer's lazy chunk with the editor: readers never download diff.
import { useId } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import type { RevisionSummary } from '#contract/drafts';
import { WordDiff } from './word-diff';
import { ErrorBox } from '../../components/error-box';
import { Loading } from '../../components/loading';
import { useDocumentTitle } from '../../components/use-document-title';
import { useDates } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { useSessionUser } from '../../state/session';
import '../../styles/write.css';

const words = (intl: IntlShape, count: number) =>
  intl.formatMessage({ id: 'versions.words', defaultMessage: '{count, plural, one {# word} other {# words}}' }, { count });
const untitled = (intl: IntlShape) => intl.formatMessage({ id: 'versions.untitled', defaultMessage: 'Untitled' });

/** Version numbers as the person counts them: the first publish is version 1. */
function numbering(list: readonly RevisionSummary[]): Map<number, number> {
  return new Map([...list].reverse().map((r, i) => [r.id, i + 1]));
}

export function StoryVersions() {
  const intl = useIntl();
  const dates = useDates();
  useDocumentTitle(intl.formatMessage({ id: 'versions.documentTitle', defaultMessage: 'Versions of your story' }));
  const list = trpc.revisions.list.useQuery(undefined, { staleTime: 0, refetchOnMount: 'always' });
  const numbers = numbering(list.data ?? []);
  const username = useSessionUser()?.username ?? '';
  // The newest version is what readers see, unless the story was deleted since (versions outlive it).
  const story = trpc.stories.get.useQuery({ username }, { enabled: username !== '' });
  const published = story.data != null;

  return (
    <div className="page versions-page">
      <p className="eyebrow">
        <FormattedMessage id="versions.eyebrow" defaultMessage="Your story" />
      </p>
      <h1>
        <FormattedMessage id="versions.title" defaultMessage="Versions" />
      </h1>
      <p className="versions-intro">
        <FormattedMessage
          id="versions.intro"
          defaultMessage="Each time you press Save Story, a copy of your story is kept here. Open one to read it, see what changed, or bring it back."
        />
      </p>
      <p>
        <Link href="/story/write">
          <FormattedMessage id="versions.backToWriting" defaultMessage="Back to writing" />
        </Link>
      </p>
      {list.isPending ? (
        <Loading label={intl.formatMessage({ id: 'versions.loading', defaultMessage: 'Loading your versions…' })} />
      ) : list.isError ? (
        <ErrorBox error={list.error} />
      ) : list.data.length === 0 ? (
        <p className="notice">
          <FormattedMessage
            id="versions.none"
            defaultMessage="There are no versions yet. A version is kept each time you publish your story with Save Story."
          />
        </p>
      ) : (
        <ol className="versions-list" reversed>
          {list.data.map((r, i) => (
            <li key={r.id} className="versions-item">
              <Link href={`/story/versions/${r.id}`} className="versions-link">
                {i === 0 && published
                  ? intl.formatMessage(
                      { id: 'versions.item.current', defaultMessage: 'Version {number} (current): {title}' },
                      { number: numbers.get(r.id), title: r.title || untitled(intl) },
                    )
                  : intl.formatMessage(
                      { id: 'versions.item', defaultMessage: 'Version {number}: {title}' },
                      { number: numbers.get(r.id), title: r.title || untitled(intl) },
                    )}
              </Link>
              <p className="versions-meta">
                {intl.formatMessage(
                  { id: 'versions.published', defaultMessage: 'Published {when} · {words}' },
                  { when: dates.dateTime(r.published_at), words: words(intl, r.word_count) },
                )}
                {r.restored_from !== null && numbers.has(r.restored_from)
                  ? ` · ${intl.formatMessage(
                      { id: 'versions.broughtBack', defaultMessage: 'brought back from version {number}' },
                      { number: numbers.get(r.restored_from) },
                    )}`
                  : ''}
              </p>
            </li>
          ))}
        </ol>
      )}
      <KeptDrafts />
    </div>
  );
}

/** Drafts "Replace my draft" kept when a document was brought in (docs/decisions/0033-import-a-document.md). */
function KeptDrafts() {
  const intl = useIntl();
  const dates = useDates();
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const id = useId();
  const kept = trpc.revisions.kept.useQuery(undefined, { staleTime: 0, refetchOnMount: 'always' });
  const restore = trpc.revisions.restoreKept.useMutation({
    onSuccess: async () => {
      await utils.drafts.invalidate();
      navigate('/story/write');
    },
  });
  if (!kept.data || kept.data.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-kept`} className="versions-kept">
      <h2 id={`${id}-kept`}>
        <FormattedMessage id="versions.kept.title" defaultMessage="Drafts you replaced" />
      </h2>
      <p>
        <FormattedMessage
          id="versions.kept.intro"
          defaultMessage={
            'When you bring in a document with "Replace my draft", the draft it replaced is kept here. Nothing here was published.'
          }
        />
      </p>
      <ul className="versions-list">
        {kept.data.map((k) => (
          <li key={k.id} className="versions-item">
            <p className="versions-kept-title">{k.title || untitled(intl)}</p>
            <p className="versions-meta">
              {intl.formatMessage(
                { id: 'versions.kept.replaced', defaultMessage: 'Replaced {when} · {words}' },
                { when: dates.dateTime(k.kept_at), words: words(intl, k.word_count) },
              )}
            </p>
            <button type="button" className="button secondary" onClick={() => restore.mutate({ id: k.id })} disabled={restore.isPending}>
              <FormattedMessage id="versions.kept.bringBack" defaultMessage="Bring back this draft" />
            </button>
          </li>
        ))}
      </ul>
      <ErrorBox error={restore.error} />
    </section>
  );
}

export function StoryVersion({ id }: { id: string }) {
  const intl = useIntl();
  const dates = useDates();
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const username = useSessionUser()?.username ?? '';
  const numeric = /^\d+$/.test(id) ? Number(id) : Number.NaN;
  const revision = trpc.revisions.get.useQuery({ id: numeric }, { enabled: Number.isSafeInteger(numeric) });
  const list = trpc.revisions.list.useQuery();
  const current = trpc.stories.get.useQuery({ username }, { enabled: username !== '', staleTime: 0, refetchOnMount: 'always' });
  const restore = trpc.revisions.restore.useMutation({
    onSuccess: async () => {
      await utils.drafts.invalidate();
      navigate('/story/write');
    },
  });
  const number = numbering(list.data ?? []).get(numeric);
  const diffId = useId();
  const aVersion = intl.formatMessage({ id: 'versions.aVersion', defaultMessage: 'A version of your story' });
  const title = number
    ? intl.formatMessage({ id: 'versions.versionOfYourStory', defaultMessage: 'Version {number} of your story' }, { number })
    : aVersion;
  useDocumentTitle(title);
  const allVersions = (
    <Link href="/story/versions">
      <FormattedMessage id="versions.all" defaultMessage="All versions" />
    </Link>
  );

  if (!Number.isSafeInteger(numeric)) {
    return (
      <div className="page versions-page">
        <h1>{aVersion}</h1>
        <ErrorBox message={intl.formatMessage({ id: 'versions.noSuch', defaultMessage: 'There is no such version of your story.' })} />
        {allVersions}
      </div>
    );
  }
  if (revision.isPending || current.isPending)
    return <Loading label={intl.formatMessage({ id: 'versions.loadingOne', defaultMessage: 'Loading this version…' })} />;
  if (revision.isError || current.isError) {
    return (
      <div className="page versions-page">
        <h1>{aVersion}</h1>
        <ErrorBox error={revision.error ?? current.error} />
        {allVersions}
      </div>
    );
  }
  const r = revision.data;
  const now = current.data ? { title: current.data.title, text: current.data.text ?? '' } : { title: '', text: '' };
  const isCurrent = current.data != null && list.data?.[0]?.id === r.id;

  return (
    <div className="page versions-page">
      <p className="versions-back">
        <Link href="/story/versions">
          <FormattedMessage id="versions.allOfYourStory" defaultMessage="All versions of your story" />
        </Link>
      </p>
      <h1>{title}</h1>
      <p className="versions-meta">
        {intl.formatMessage(
          { id: 'versions.published', defaultMessage: 'Published {when} · {words}' },
          { when: dates.dateTime(r.published_at), words: words(intl, r.word_count) },
        )}
        {isCurrent
          ? ` · ${intl.formatMessage({ id: 'versions.readersSeeNow', defaultMessage: 'this is the version readers see now' })}`
          : ''}
      </p>

      <div className="versions-restore">
        <p>
          <FormattedMessage
            id="versions.restoreHint"
            defaultMessage="Restoring makes this version your draft, so you can look it over. Nothing changes for readers until you press Save Story."
          />
        </p>
        <button type="button" className="button large" onClick={() => restore.mutate({ id: r.id })} disabled={restore.isPending}>
          {restore.isPending
            ? intl.formatMessage({ id: 'versions.restoring', defaultMessage: 'Restoring…' })
            : intl.formatMessage({ id: 'versions.restore', defaultMessage: 'Restore this version' })}
        </button>
        <ErrorBox error={restore.error} />
      </div>

      <section aria-labelledby={`${diffId}-diff`}>
        <h2 id={`${diffId}-diff`}>
          <FormattedMessage id="versions.diff.title" defaultMessage="Differences from the story now" />
        </h2>
        <p className="muted">
          <FormattedMessage id="versions.diff.intro" defaultMessage="Word by word, compared with the story readers see now." />
        </p>
        <WordDiff
          from={now}
          to={{ title: r.title, text: r.text }}
          removedLabel={intl.formatMessage({ id: 'versions.diff.removed', defaultMessage: 'Only in the story now' })}
          addedLabel={intl.formatMessage({ id: 'versions.diff.added', defaultMessage: 'Only in this version' })}
          label={intl.formatMessage({ id: 'versions.diff.label', defaultMessage: 'Differences between this version and the story now' })}
        />
      </section>

      <section aria-labelledby={`${diffId}-text`} className="versions-text">
        <h2 id={`${diffId}-text`}>
          <FormattedMessage id="versions.inFull" defaultMessage="This version in full" />
        </h2>
        <h3 className="versions-title">{r.title || untitled(intl)}</h3>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitizes every story text before keeping it (as a revision too); rich text by design. */}
        <div className="story-text" dangerouslySetInnerHTML={{ __html: r.text }} />
      </section>
    </div>
  );
}
