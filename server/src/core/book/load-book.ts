// The story as a book (EPUB, print page): only its author may have it (docs/decisions/0018-books-and-data-export.md).
import { AppError } from '../../contract/errors';
import { DEFAULT_LOCALE, type Locale } from '../../contract/locale';
import type { CoreDeps, SignedInActor } from '../shared/core-deps';
import { limitRate } from '../shared/rate-limit';
import type { RateRuleName } from '../../ports/rate-limiter';

export const NOT_THE_AUTHOR = 'Only the author can download or print this story as a book.';
export const NO_SUCH_STORY = 'There is no story by that name.';

export interface BookSource {
  username: string;
  /** The author's own names: the book goes to its author only, so a private account's names may be in it. */
  authorName: string;
  title: string;
  bodyHtml: string;
  /** The banner's file name in the BlobStore, or null. */
  banner: string | null;
  version: number;
  createdAt: number;
  updatedAt: number;
  /** The author's interface language (users.locale, else English): the book's fixed words (book-words.ts). */
  locale: Locale;
}

/** The story of `username` for its author, after the rule's rate limit; 404 / 403 with a sentence otherwise. */
export async function loadBook(deps: CoreDeps, actor: SignedInActor, username: string, rule: RateRuleName): Promise<BookSource> {
  const row = await deps.db
    .selectFrom('users')
    .leftJoin('stories', 'stories.user_id', 'users.id')
    .select([
      'users.id',
      'users.username',
      'users.first_name',
      'users.last_name',
      'users.locale',
      'stories.title',
      'stories.body_html',
      'stories.banner',
      'stories.version',
      'stories.created_at',
      'stories.updated_at',
    ])
    .where('users.username', '=', username)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', NO_SUCH_STORY);
  if (row.id !== actor.userId) throw new AppError('FORBIDDEN', NOT_THE_AUTHOR);
  if (row.title === null || row.body_html === null) throw new AppError('NOT_FOUND', 'You have not written a story yet.');
  await limitRate(deps, [[rule, String(actor.userId)]]);
  return {
    username: row.username,
    authorName: authorNameOf(row),
    title: row.title,
    bodyHtml: row.body_html,
    banner: row.banner,
    version: row.version ?? 1,
    createdAt: row.created_at ?? 0,
    updatedAt: row.updated_at ?? 0,
    locale: row.locale ?? DEFAULT_LOCALE,
  };
}

/** The name on the book's title page: the author's own names, else the username. */
export function authorNameOf(user: { username: string; first_name: string | null; last_name: string | null }): string {
  return [user.first_name, user.last_name].filter((n) => !!n?.trim()).join(' ') || user.username;
}
