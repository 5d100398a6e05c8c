// What the sitemap and the Atom feed list: every story, and the newest and latest changed ones. A private
// author's names are never read here: the feed names a story's author by username only when the account is private.
// A story hidden by the moderators, or whose author is suspended, is not listed (ADR 0020), nor one that is not for
// everyone (ADR 0026).
import type { CoreDeps } from '../shared/core-deps';

export interface SitemapStory {
  username: string;
  updatedAt: number;
}

export async function countStories(deps: CoreDeps): Promise<number> {
  const row = await deps.db
    .selectFrom('stories')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('hidden_at', 'is', null)
    .where('author_suspended', '=', 0)
    .where('audience', '=', 'everyone')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Stories in the order of their author's account (the primary key: a stable order, an index walk). */
export async function sitemapStories(deps: CoreDeps, offset: number, limit: number): Promise<SitemapStory[]> {
  const rows = await deps.db
    .selectFrom('stories')
    .innerJoin('users', 'users.id', 'stories.user_id')
    .select(['users.username', 'stories.updated_at'])
    .where('stories.hidden_at', 'is', null)
    .where('stories.author_suspended', '=', 0)
    .where('stories.audience', '=', 'everyone')
    .orderBy('stories.user_id')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => ({ username: r.username, updatedAt: r.updated_at }));
}

export interface FeedStory {
  username: string;
  title: string;
  /** "First Last" for a public account, else null (the feed then names the username). */
  authorName: string | null;
  createdAt: number;
  updatedAt: number;
  firstPageHtml: string;
}

/** The most recently published or changed stories, newest change first, with their first page. */
export async function feedStories(deps: CoreDeps, limit: number): Promise<FeedStory[]> {
  const rows = await deps.db
    .selectFrom('stories')
    .innerJoin('users', 'users.id', 'stories.user_id')
    .leftJoin('pages', (j) => j.onRef('pages.user_id', '=', 'stories.user_id').on('pages.page_number', '=', 1))
    .select([
      'users.username',
      'users.is_private',
      'users.first_name',
      'users.last_name',
      'stories.title',
      'stories.created_at',
      'stories.updated_at',
      'pages.html',
    ])
    .where('stories.hidden_at', 'is', null)
    .where('stories.author_suspended', '=', 0)
    .where('stories.audience', '=', 'everyone')
    .orderBy('stories.updated_at', 'desc')
    .orderBy('stories.user_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => {
    const names = r.is_private === 1 ? '' : [r.first_name, r.last_name].filter((n) => !!n?.trim()).join(' ');
    return {
      username: r.username,
      title: r.title,
      authorName: names || null,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      firstPageHtml: r.html ?? '',
    };
  });
}
