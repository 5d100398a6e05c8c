// Liking and saving a story, once the server agrees (no optimistic flip): the part of likes and bookmarks that only a
// press needs, loaded on the first press (or on a pointer or focus reaching the button) by use-story-marks.ts, so the
// reader's first script carries none of it (docs/decisions/0038-lighter-reader-pages.md).
import type { trpc } from '../../lib/trpc';
import { forgetStaleSession } from '../../lib/trpc';

type Utils = ReturnType<typeof trpc.useUtils>;

export type MarkKind = 'like' | 'bookmark';

/** Sends the like or bookmark, then puts the server's answer into the flags and refreshes what shows the counts. */
export async function markStory(utils: Utils, kind: MarkKind, storyUsername: string, on: boolean): Promise<void> {
  const input = { story_username: storyUsername };
  try {
    if (kind === 'like') {
      const answer = await utils.client.social.like.mutate({ ...input, on });
      utils.social.flags.setData(input, (old) => ({ liked: answer.on, bookmarked: old?.bookmarked ?? false }));
      void utils.stories.get.invalidate({ username: storyUsername }); // the like count
    } else {
      const answer = await utils.client.social.bookmark.mutate({ ...input, on });
      utils.social.flags.setData(input, (old) => ({ liked: old?.liked ?? false, bookmarked: answer.on }));
    }
  } catch (error) {
    forgetStaleSession(error);
    throw error;
  }
  void utils.explore.invalidate(); // the top and saved lists
}
