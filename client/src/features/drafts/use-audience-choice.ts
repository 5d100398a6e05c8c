// Who can read the story (issue #24, docs/decisions/0026-who-can-read-a-story.md): the write screen's choice.
// A story never published keeps the choice here and sends it with its first publish (stories.publish's
// `audience`); a published one applies each choice at once (stories.setAudience) and says so, or puts it back.
import { useState } from 'react';
import type { Audience } from '#contract/access';
import type { VersionedStory } from '#contract/stories';
import { errorMessage, GENERIC_ERROR } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

/** What a change did, in the writer's words (the status line under the choice). */
export const AUDIENCE_NOW: Record<Audience, string> = {
  everyone: 'Now everyone can read your story.',
  link: 'Now only people with the link can read your story.',
  circle: 'Now only people you invite can read your story.',
  only_me: 'Now only you can read your story.',
};

const NOT_CHANGED = 'We could not change who can read your story. Please try again.';

export function useAudienceChoice({ publishedStory, username }: { publishedStory: VersionedStory | null; username: string }) {
  const utils = trpc.useUtils();
  const published = publishedStory !== null;
  // Before the first publish: the writer's choice, sent with it.
  const [unpublishedChoice, setUnpublishedChoice] = useState<Audience>('everyone');
  // After: the choice on its way to the server (shown at once), then the server's answer.
  const [sending, setSending] = useState<Audience | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const serverAudience: Audience = publishedStory?.audience ?? 'everyone';

  const setAudience = trpc.stories.setAudience.useMutation();

  const choose = (audience: Audience) => {
    setMessage(null);
    setFailure(null);
    if (!published) {
      setUnpublishedChoice(audience);
      return;
    }
    if (audience === (sending ?? serverAudience)) return;
    setSending(audience);
    setAudience.mutate(
      { audience },
      {
        onSuccess: (result) => {
          utils.stories.get.setData({ username }, (old) => (old ? { ...old, audience: result.audience } : old));
          setSending((now) => (now === audience ? null : now));
          setMessage(AUDIENCE_NOW[result.audience]);
          // Lists, search and counts show the story, or no longer do.
          void utils.stories.invalidate();
          void utils.explore.invalidate();
        },
        onError: (error) => {
          // The radio goes back to what the server has.
          setSending((now) => (now === audience ? null : now));
          const said = errorMessage(error);
          setFailure(said === GENERIC_ERROR ? NOT_CHANGED : `We could not change who can read your story: ${said}`);
        },
      },
    );
  };

  return {
    published,
    /** The radio that is on. */
    chosen: published ? (sending ?? serverAudience) : unpublishedChoice,
    choose,
    /** What stories.publish sends: the choice for a first publish, nothing (unchanged) after. */
    publishAudience: published ? undefined : unpublishedChoice,
    busy: sending !== null,
    message,
    failure,
  };
}

export type AudienceChoice = ReturnType<typeof useAudienceChoice>;
