import { accountsRouter } from './routers/accounts';
import { circleRouter } from './routers/circle';
import { developerTokensRouter } from './routers/developer-tokens';
import { draftsRouter, revisionsRouter } from './routers/drafts';
import { emailChangeRouter } from './routers/accounts-email-change';
import { emailVerificationRouter } from './routers/accounts-email-verification';
import { notificationsRouter } from './routers/notifications';
import { exploreRouter } from './routers/explore';
import { followsRouter } from './routers/follows';
import { moderationRouter } from './routers/moderation';
import { questionsRouter } from './routers/questions';
import { socialRouter } from './routers/social';
import { storiesRouter } from './routers/stories';
import { uploadsRouter } from './routers/uploads';
import { weeklyQuestionRouter } from './routers/weekly-question';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  accounts: accountsRouter,
  stories: storiesRouter,
  social: socialRouter,
  explore: exploreRouter,
  drafts: draftsRouter,
  revisions: revisionsRouter,
  moderation: moderationRouter,
  emailChange: emailChangeRouter,
  emailVerification: emailVerificationRouter,
  notifications: notificationsRouter,
  uploads: uploadsRouter,
  circle: circleRouter,
  follows: followsRouter,
  questions: questionsRouter,
  weeklyQuestion: weeklyQuestionRouter,
  developerTokens: developerTokensRouter,
});

/** The type the client imports: every procedure with its inputs and outputs. */
export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
