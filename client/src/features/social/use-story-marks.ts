// Like and bookmark ("Save") for one story, shared by the top and bottom bars. Each flips only once the server has
// agreed (no optimistic flip); visitors are sent to sign in and come back here afterwards. What sends a like or a
// bookmark (mark-story.ts) comes on the first press: the press waits for it, so none is lost.
import { useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { loginPathReturningTo } from '../../lib/paths';
import { trpc } from '../../lib/trpc';
import { useSessionUser } from '../../state/session';

export type BarPosition = 'top' | 'bottom';

const FAILED = { like: 'Failed to like or unlike story.', bookmark: 'Failed to save or unsave story.' } as const;

type MarkKind = keyof typeof FAILED;

/** The code that likes and saves: asked for on a press, or already when a pointer or the focus reaches the button. */
export const loadMarking = () => import('./mark-story');

export function useStoryMarks(storyUsername: string) {
  const user = useSessionUser();
  const [location, navigate] = useLocation();
  const utils = trpc.useUtils();
  const input = { story_username: storyUsername };
  // Visitors like and bookmark nothing: the flags are asked for only with a session.
  const flags = trpc.social.flags.useQuery(input, { enabled: !!user });
  const [failure, setFailure] = useState<{ message: string; where: BarPosition } | null>(null);
  const [pending, setPending] = useState({ like: false, bookmark: false });
  // Read at once by a second press in the same moment (state shows only on the next render).
  const sending = useRef({ like: false, bookmark: false });

  const toggle = (kind: MarkKind, where: BarPosition) => {
    if (!user) {
      navigate(loginPathReturningTo(location));
      return;
    }
    if (!flags.data || sending.current[kind]) return;
    setFailure(null);
    const on = kind === 'like' ? !flags.data.liked : !flags.data.bookmarked;
    const settle = (busy: boolean) => {
      sending.current[kind] = busy;
      setPending((was) => ({ ...was, [kind]: busy }));
    };
    settle(true);
    void loadMarking()
      .then((marking) => marking.markStory(utils, kind, storyUsername, on))
      .catch(() => setFailure({ message: FAILED[kind], where }))
      .finally(() => settle(false));
  };

  return {
    signedIn: !!user,
    /** Signed in and the flags are known (visitors may always press: they go to sign in). */
    ready: !user || flags.isSuccess,
    flagsError: flags.error,
    liked: flags.data?.liked ?? false,
    bookmarked: flags.data?.bookmarked ?? false,
    likePending: pending.like,
    bookmarkPending: pending.bookmark,
    failure,
    toggleLike: (where: BarPosition) => toggle('like', where),
    toggleBookmark: (where: BarPosition) => toggle('bookmark', where),
  };
}

export type StoryMarks = ReturnType<typeof useStoryMarks>;
