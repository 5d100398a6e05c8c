// What a developer token may call (docs/decisions/0039-personal-access-tokens.md): every tRPC procedure and every /api
// route, in one table. A call without an entry is refused to tokens (safe by default); tests/integration/
// developer-tokens.test.ts fails when a procedure of the app router or an /api route has none.
//   read    everything the person may read, their drafts too
//   write   the story and the draft: publish, autosave, pages, chapters, photos, who may read it
//   social  likes, bookmarks, comments, follows, blocks and reports, questions to a writer
//   session only a person signed in on the site: the account (email, password, deletion, sign-in, settings), the
//           tokens themselves, and a moderator's work
import { AppError } from '../../contract/errors';
import { missingScopeMessage, TOKEN_MESSAGES, type TokenScope } from '../../contract/developer-tokens';
import type { Actor, CoreDeps } from '../../core/shared/core-deps';
import { limitRate } from '../../core/shared/rate-limit';

export type TokenNeed = TokenScope | 'session';

/** tRPC procedures by path; /api routes as `METHOD /api/path` (lower case, as app.ts matches them). */
export const TOKEN_NEEDS: Readonly<Record<string, TokenNeed>> = {
  // accounts: reading one's own profile is read; everything else is the account's
  'accounts.me': 'read',
  'accounts.profile': 'read',
  'accounts.register': 'session',
  'accounts.login': 'session',
  'accounts.logout': 'session',
  'accounts.edit': 'session',
  'accounts.changePassword': 'session',
  'accounts.requestPasswordReset': 'session',
  'accounts.resetPassword': 'session',
  'accounts.setPicture': 'session',
  'accounts.deletePicture': 'session',
  'accounts.deleteAccount': 'session',
  'accounts.reauthenticate': 'session',
  'accounts.setLocale': 'session',
  'emailChange.request': 'session',
  'emailChange.pending': 'read',
  'emailChange.confirm': 'session',
  'emailChange.cancel': 'session',
  'emailVerification.resend': 'session',
  'emailVerification.verify': 'session',
  'developerTokens.list': 'session',
  'developerTokens.create': 'session',
  'developerTokens.revoke': 'session',
  // the story
  'stories.get': 'read',
  'stories.page': 'read',
  'stories.audience': 'read',
  'stories.shareLink': 'read',
  'stories.publish': 'write',
  'stories.preview': 'write',
  'stories.delete': 'write',
  'stories.setBanner': 'write',
  'stories.deleteBanner': 'write',
  'stories.setAudience': 'write',
  'stories.newShareLink': 'write',
  'drafts.get': 'read',
  'drafts.autosave': 'write',
  'drafts.discard': 'write',
  'drafts.importDocument': 'write',
  'revisions.list': 'read',
  'revisions.get': 'read',
  'revisions.kept': 'read',
  'revisions.restore': 'write',
  'revisions.restoreKept': 'write',
  'uploads.usage': 'read',
  'circle.list': 'read',
  'circle.invite': 'write',
  'circle.resend': 'write',
  'circle.remove': 'write',
  'questions.suggest': 'read',
  'questions.lifeSoFar': 'read',
  'questions.askable': 'read',
  'questions.answer': 'write',
  'questions.dismiss': 'write',
  'questions.later': 'write',
  'questions.ask': 'social',
  // reading and the social side
  'social.flags': 'read',
  'social.comments': 'read',
  'social.commentCount': 'read',
  'social.like': 'social',
  'social.bookmark': 'social',
  'social.comment': 'social',
  'social.deleteComment': 'social',
  'explore.search': 'read',
  'explore.searchPage': 'read',
  'explore.top': 'read',
  'explore.topCount': 'read',
  'explore.new': 'read',
  'explore.newCount': 'read',
  'explore.bookmarks': 'read',
  'explore.bookmarkCount': 'read',
  'follows.status': 'read',
  'follows.followers': 'read',
  'follows.follow': 'social',
  'follows.unfollow': 'social',
  'follows.followByEmail': 'social',
  'follows.confirm': 'social',
  'follows.unsubscribe': 'social',
  'notifications.list': 'read',
  'notifications.unreadCount': 'read',
  'notifications.settings': 'read',
  'notifications.markRead': 'social',
  'notifications.markAllRead': 'social',
  'notifications.updateSettings': 'session',
  'weeklyQuestion.get': 'read',
  'weeklyQuestion.question': 'read',
  'weeklyQuestion.set': 'session',
  'weeklyQuestion.pause': 'session',
  'weeklyQuestion.resume': 'session',
  'weeklyQuestion.stop': 'session',
  // moderation: a reader's reports and blocks are social; a moderator's work needs a session
  'moderation.access': 'read',
  'moderation.blockState': 'read',
  'moderation.blocked': 'read',
  'moderation.report': 'social',
  'moderation.block': 'social',
  'moderation.unblock': 'social',
  'moderation.claimSetupLink': 'session',
  'moderation.queue': 'session',
  'moderation.log': 'session',
  'moderation.withheld': 'session',
  'moderation.hide': 'session',
  'moderation.restore': 'session',
  'moderation.remove': 'session',
  'moderation.dismiss': 'session',
  'moderation.suspend': 'session',
  'moderation.unsuspend': 'session',

  // /api (docs/rest-contract.md)
  'POST /api/auth/register': 'session',
  'POST /api/auth/login': 'session',
  'POST /api/auth/logout': 'session',
  'POST /api/upload': 'write',
  'GET /api/users/profile': 'read',
  'GET /api/users/username': 'read',
  'GET /api/users/liked': 'read',
  'GET /api/users/saved': 'read',
  'POST /api/users/like': 'social',
  'POST /api/users/save': 'social',
  'POST /api/users/edit': 'session',
  'POST /api/users/password': 'session',
  'POST /api/users/upload': 'session',
  'DELETE /api/users/upload/delete': 'session',
  'DELETE /api/users/delete': 'session',
  'POST /api/stories/page': 'read',
  'POST /api/stories/story': 'read',
  'POST /api/stories/save': 'write',
  'POST /api/stories/edit': 'write',
  'POST /api/stories/upload': 'write',
  'DELETE /api/stories/delete': 'write',
  'DELETE /api/stories/upload/delete': 'write',
  'POST /api/comments/get': 'read',
  'POST /api/comments/count': 'read',
  'POST /api/comments/create': 'social',
  'DELETE /api/comments/delete': 'social',
  'POST /api/searches/all': 'read',
  'POST /api/searches/story': 'read',
  'POST /api/searches/user': 'read',
  'POST /api/searches/new': 'read',
  'GET /api/searches/new/5': 'read',
  'POST /api/searches/top': 'read',
  'GET /api/searches/top/5': 'read',
  'GET /api/searches/top/count': 'read',
  'POST /api/searches/top/monthly': 'read',
  'GET /api/searches/top/monthly/5': 'read',
  'GET /api/searches/top/monthly/count': 'read',
  'POST /api/searches/top/yearly': 'read',
  'GET /api/searches/top/yearly/5': 'read',
  'GET /api/searches/top/yearly/count': 'read',
  'GET /api/searches/stories/count': 'read',
  'POST /api/searches/saved': 'read',
  'POST /api/searches/saved/5': 'read',
  'POST /api/searches/saved/count': 'read',
  // the REST layer's own document and its reference page (docs/decisions/0040-openapi-for-the-rest-layer.md)
  'GET /api/openapi.json': 'read',
  'GET /api/docs': 'read',
};

/** The table's key for an /api request: its method (HEAD as GET) and path as app.ts matches it. */
export function restKey(method: string, path: string): string {
  const m = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  return `${m} ${path.toLowerCase().replace(/\/+$/, '')}`;
}

/**
 * For a call made with a token: refuses what the token may not do (403, one sentence), then spends one point of the
 * token's budget. A call without a token passes untouched.
 */
export async function checkToken(deps: CoreDeps, actor: Actor, key: string): Promise<void> {
  if (!actor.token) return;
  const need: TokenNeed = (Object.hasOwn(TOKEN_NEEDS, key) && TOKEN_NEEDS[key]) || 'session';
  if (need === 'session') throw new AppError('FORBIDDEN', TOKEN_MESSAGES.needsSignIn);
  if (!actor.token.scopes.includes(need)) throw new AppError('FORBIDDEN', missingScopeMessage(need));
  await limitRate(deps, [['requestsPerToken', String(actor.token.id)]]);
}
