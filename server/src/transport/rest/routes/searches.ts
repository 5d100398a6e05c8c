import { Hono } from 'hono';
import { LIMITS } from '../../../contract/limits';
import { countOutput, type Paging } from '../../../contract/paging';
import { listOutput, searchInput, type TopWindowName } from '../../../contract/explore';
import { listBody, searchBody } from '../../../contract/rest-api';
import { newestEntries } from '../../../core/explore/newest-entries';
import { search, searchPage } from '../../../core/explore/search-stories';
import {
  countBookmarks,
  countStories,
  countTopStories,
  newStories,
  bookmarkedStories,
  topStories,
} from '../../../core/explore/story-lists';
import type { CoreDeps } from '../../../core/shared/core-deps';
import type { AppEnv } from '../../http/request-context';
import { parseBody, parseInput, signedIn, signedInBody } from '../request-input';
import { okData } from '../respond';

const PREVIEW: Paging = { page: 1, limit: 5 };

// Messages are the contract's, word for word, although the windows now count stories liked in them (ADR 0004).
export const TOP = [
  {
    path: '/top',
    window: 'all',
    list: 'Successfully fetched top stories of all time.',
    five: 'Successfully fetched top 5 stories of all time.',
    count: 'Successfully fetched total number of stories made.',
  },
  {
    path: '/top/monthly',
    window: 'month',
    list: 'Successfully fetched top monthly stories.',
    five: 'Successfully fetched 5 top monthly stories.',
    count: 'Successfully fetched number of stories made in past 30 days.',
  },
  {
    path: '/top/yearly',
    window: 'year',
    list: 'Successfully fetched top yearly stories.',
    five: 'Successfully fetched 5 top yearly stories.',
    count: 'Successfully fetched number of stories made in past year.',
  },
] as const satisfies readonly { path: string; window: TopWindowName; list: string; five: string; count: string }[];

export const SEARCHES = [
  { path: '/all', kind: 'all', message: 'Successfully fetched results.' },
  { path: '/story', kind: 'stories', message: 'Successfully fetched story results.' },
  { path: '/user', kind: 'users', message: 'Successfully fetched user results.' },
] as const;

export function searchRoutes(deps: CoreDeps) {
  const app = new Hono<AppEnv>();
  for (const s of SEARCHES) {
    app.post(s.path, async (c) => {
      const body = await parseBody(c, searchBody);
      const text = body.searchTerm ?? '';
      // A blank term lists the newest entries, as the original's match-everything did (ADR 0004); tRPC answers [].
      if (text.trim() === '') return okData(c, listOutput, s.message, await newestEntries(deps, s.kind));
      const input = parseInput(searchInput, { text, kind: s.kind });
      // Without `page` or `limit` the answer is the first 20, as it always was; with them, any page (ADR 0011).
      if (body.page === undefined && body.limit === undefined) return okData(c, listOutput, s.message, await search(deps, input));
      const page = body.page ?? 1;
      const limit = body.limit ?? LIMITS.searchResultsMax;
      const cursor = Math.min((page - 1) * limit, LIMITS.searchDepth);
      return okData(c, listOutput, s.message, (await searchPage(deps, { ...input, cursor, limit })).items);
    });
  }
  for (const t of TOP) {
    app.post(t.path, async (c) =>
      okData(c, listOutput, t.list, await topStories(deps, { ...(await parseBody(c, listBody)), window: t.window })),
    );
    app.get(`${t.path}/5`, async (c) => okData(c, listOutput, t.five, await topStories(deps, { ...PREVIEW, window: t.window })));
    app.get(`${t.path}/count`, async (c) => okData(c, countOutput, t.count, await countTopStories(deps, t.window)));
  }
  app.get('/stories/count', async (c) =>
    okData(c, countOutput, 'Successfully fetched total number of stories made.', await countStories(deps)),
  );
  app.post('/new', async (c) =>
    okData(c, listOutput, 'Successfully fetched new stories.', await newStories(deps, await parseBody(c, listBody))),
  );
  app.get('/new/5', async (c) => okData(c, listOutput, 'Successfully fetched 5 newest stories.', await newStories(deps, PREVIEW)));
  app.post('/saved', async (c) => {
    const { actor, input } = await signedInBody(c, listBody, { unwrap: true });
    return okData(c, listOutput, 'Successfully fetched saved stories.', await bookmarkedStories(deps, actor, input));
  });
  app.post('/saved/5', async (c) =>
    okData(c, listOutput, 'Successfully fetched 5 saved stories.', await bookmarkedStories(deps, signedIn(c), PREVIEW)),
  );
  app.post('/saved/count', async (c) =>
    okData(c, countOutput, 'Successfully fetched number of stories saved by user.', await countBookmarks(deps, signedIn(c))),
  );
  return app;
}
