import { accountsRouter } from './routers/accounts';
import { exploreRouter } from './routers/explore';
import { socialRouter } from './routers/social';
import { storiesRouter } from './routers/stories';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  accounts: accountsRouter,
  stories: storiesRouter,
  social: socialRouter,
  explore: exploreRouter,
});

/** The type the client imports: every procedure with its inputs and outputs. */
export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
