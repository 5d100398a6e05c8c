// Versions (issue #11): every published version of one's own story, newest first; one version read in full,
// compared word by word with the story as published now, and restored as the draft (reversible: nothing is
// published until Save Story). In the writer's lazy chunk with the editor: readers never download diff.
import { useId } from 'react';
import { Link, useLocation } from 'wouter';
import type { RevisionSummary } from '#contract/drafts';
import { WordDiff } from './word-diff';
import { ErrorBox } from '../../components/error-box';
import { formatDateTime } from '../../lib/dates';
import { Loading } from '../../components/loading';
import { useDocumentTitle } from '../../components/use-document-title';
import { trpc } from '../../lib/trpc';
import { useSessionUser } from '../../state/session';
import '../../styles/write.css';

const publishedAt = (iso: string) => formatDateTime(iso);
const words = (n: number) => (n === 1 ? '1 word' : `${n.toLocaleString('en-US')} words`);

/** Version numbers as the person counts them: the first publish is version 1. */
function numbering(list: readonly RevisionSummary[]): Map<number, number> {
  return new Map([...list].reverse().map((r, i) => [r.id, i + 1]));
}

export function StoryVersions() {
  useDocumentTitle('Versions of your story');
  const list = trpc.revisions.list.useQuery(undefined, { staleTime: 0, refetchOnMount: 'always' });
  const numbers = numbering(list.data ?? []);
  const username = useSessionUser()?.username ?? '';
  // The newest version is what readers see, unless the story was deleted since (versions outlive it).
  const story = trpc.stories.get.useQuery({ username }, { enabled: username !== '' });
  const published = story.data != null;

  return (
    <div className="page versions-page">
      <p className="eyebrow">Your story</p>
      <h1>Versions</h1>
      <p className="versions-intro">
        Each time you press Save Story, a copy of your story is kept here. Open one to read it, see what changed, or bring it back.
      </p>
      <p>
        <Link href="/story/write">Back to writing</Link>
      </p>
      {list.isPending ? (
        <Loading label="Loading your versions…" />
      ) : list.isError ? (
        <ErrorBox error={list.error} />
      ) : list.data.length === 0 ? (
        <p className="notice">There are no versions yet. A version is kept each time you publish your story with Save Story.</p>
      ) : (
        <ol className="versions-list" reversed>
          {list.data.map((r, i) => (
            <li key={r.id} className="versions-item">
              <Link href={`/story/versions/${r.id}`} className="versions-link">
                Version {numbers.get(r.id)}
                {i === 0 && published ? ' (current)' : ''}: {r.title || 'Untitled'}
              </Link>
              <p className="versions-meta">
                Published {publishedAt(r.published_at)} · {words(r.word_count)}
                {r.restored_from !== null && numbers.has(r.restored_from)
                  ? ` · brought back from version ${numbers.get(r.restored_from)}`
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
      <h2 id={`${id}-kept`}>Drafts you replaced</h2>
      <p>When you bring in a document with "Replace my draft", the draft it replaced is kept here. Nothing here was published.</p>
      <ul className="versions-list">
        {kept.data.map((k) => (
          <li key={k.id} className="versions-item">
            <p className="versions-kept-title">{k.title || 'Untitled'}</p>
            <p className="versions-meta">
              Replaced {formatDateTime(k.kept_at)} · {words(k.word_count)}
            </p>
            <button type="button" className="button secondary" onClick={() => restore.mutate({ id: k.id })} disabled={restore.isPending}>
              Bring back this draft
            </button>
          </li>
        ))}
      </ul>
      <ErrorBox error={restore.error} />
    </section>
  );
}

export function StoryVersion({ id }: { id: string }) {
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
  useDocumentTitle(number ? `Version ${number} of your story` : 'A version of your story');

  if (!Number.isSafeInteger(numeric)) {
    return (
      <div className="page versions-page">
        <h1>A version of your story</h1>
        <ErrorBox message="There is no such version of your story." />
        <Link href="/story/versions">All versions</Link>
      </div>
    );
  }
  if (revision.isPending || current.isPending) return <Loading label="Loading this version…" />;
  if (revision.isError || current.isError) {
    return (
      <div className="page versions-page">
        <h1>A version of your story</h1>
        <ErrorBox error={revision.error ?? current.error} />
        <Link href="/story/versions">All versions</Link>
      </div>
    );
  }
  const r = revision.data;
  const now = current.data ? { title: current.data.title, text: current.data.text ?? '' } : { title: '', text: '' };
  const isCurrent = current.data != null && list.data?.[0]?.id === r.id;

  return (
    <div className="page versions-page">
      <p className="versions-back">
        <Link href="/story/versions">All versions of your story</Link>
      </p>
      <h1>{number ? `Version ${number}` : 'A version'} of your story</h1>
      <p className="versions-meta">
        Published {publishedAt(r.published_at)} · {words(r.word_count)}
        {isCurrent ? ' · this is the version readers see now' : ''}
      </p>

      <div className="versions-restore">
        <p>Restoring makes this version your draft, so you can look it over. Nothing changes for readers until you press Save Story.</p>
        <button type="button" className="button large" onClick={() => restore.mutate({ id: r.id })} disabled={restore.isPending}>
          {restore.isPending ? 'Restoring…' : 'Restore this version'}
        </button>
        <ErrorBox error={restore.error} />
      </div>

      <section aria-labelledby={`${diffId}-diff`}>
        <h2 id={`${diffId}-diff`}>Differences from the story now</h2>
        <p className="muted">Word by word, compared with the story readers see now.</p>
        <WordDiff
          from={now}
          to={{ title: r.title, text: r.text }}
          removedLabel="Only in the story now"
          addedLabel="Only in this version"
          label="Differences between this version and the story now"
        />
      </section>

      <section aria-labelledby={`${diffId}-text`} className="versions-text">
        <h2 id={`${diffId}-text`}>This version in full</h2>
        <h3 className="versions-title">{r.title || 'Untitled'}</h3>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitizes every story text before keeping it (as a revision too); rich text by design. */}
        <div className="story-text" dangerouslySetInnerHTML={{ __html: r.text }} />
      </section>
    </div>
  );
}
