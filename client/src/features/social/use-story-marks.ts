// Like and bookmark ("Save") for one story, shared by the top and bottom bars. Each flips only once the server has
// agreed (no optimistic flip); visitors are sent to sign in and come back here afterwards.
import { useState } from 'react';
import { useLocation } from 'wouter';
import { loginPathReturningTo } from '../../lib/paths';
import { trpc } from '../../lib/trpc';
import { useSessionUser } from '../../state/session';

export type BarPosition = 'top' | 'bottom';

const FAILED = { like: 'Failed to like or unlike story.', bookmark: 'Failed to save or unsave story.' } as const;

export function useStoryMarks(storyUsername: string) {
  const user = useSessionUser();
  const [location, navigate] = useLocation();
  const utils = trpc.useUtils();
  const input = { story_username: storyUsername };
  // Visitors like and bookmark nothing: the flags are asked for only with a session.
  const flags = trpc.social.flags.useQuery(input, { enabled: !!user });
  const [failure, setFailure] = useState<{ message: string; where: BarPosition } | null>(null);

  const like = trpc.social.like.useMutation({
    onSuccess: ({ on }) => {
      utils.social.flags.setData(input, (old) => ({ liked: on, bookmarked: old?.bookmarked ?? false }));
      void utils.stories.get.invalidate({ username: storyUsername }); // the like count
      void utils.explore.invalidate();
    },
  });
  const bookmark = trpc.social.bookmark.useMutation({
    onSuccess: ({ on }) => {
      utils.social.flags.setData(input, (old) => ({ liked: old?.liked ?? false, bookmarked: on }));
      void utils.explore.invalidate(); // the bookmarks lists
    },
  });

  const toggle = (kind: 'like' | 'bookmark', where: BarPosition) => {
    if (!user) {
      navigate(loginPathReturningTo(location));
      return;
    }
    const mutation = kind === 'like' ? like : bookmark;
    if (!flags.data || mutation.isPending) return;
    setFailure(null);
    const on = kind === 'like' ? !flags.data.liked : !flags.data.bookmarked;
    mutation.mutate({ story_username: storyUsername, on }, { onError: () => setFailure({ message: FAILED[kind], where }) });
  };

  return {
    signedIn: !!user,
    /** Signed in and the flags are known (visitors may always press: they go to sign in). */
    ready: !user || flags.isSuccess,
    flagsError: flags.error,
    liked: flags.data?.liked ?? false,
    bookmarked: flags.data?.bookmarked ?? false,
    likePending: like.isPending,
    bookmarkPending: bookmark.isPending,
    failure,
    toggleLike: (where: BarPosition) => toggle('like', where),
    toggleBookmark: (where: BarPosition) => toggle('bookmark', where),
  };
}

export type StoryMarks = ReturnType<typeof useStoryMarks>;
