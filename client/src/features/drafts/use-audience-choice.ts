// Who can read the story (issue #24, docs/decisions/0026-who-can-read-a-story.md): the write screen's choice.
// Each choice is kept at once (stories.setAudience) and said, or put back: a published story changes everywhere; a
// story never published keeps the choice on the server (stories.audience reads it back on any device, months later)
// for its first publish.
import { useState } from 'react';
import type { Audience } from '#contract/access';
import type { VersionedStory } from '#contract/stories';
import { errorMessage, GENERIC_ERROR } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { defineMessages, useIntl } from 'react-intl';
import { translateServerText } from '../../lib/server-messages';

/** What a change did, in the writer's words (the status line under the choice). */
export const AUDIENCE_NOW = defineMessages({
  everyone: { id: 'audience.now.everyone', defaultMessage: 'Now everyone can read your story.' },
  link: { id: 'audience.now.link', defaultMessage: 'Now only people with the link can read your story.' },
  circle: { id: 'audience.now.circle', defaultMessage: 'Now only people you invite can read your story.' },
  only_me: { id: 'audience.now.onlyMe', defaultMessage: 'Now only you can read your story.' },
}) satisfies Record<Audience, unknown>;

/** The same, before the first publish. */
export const AUDIENCE_LATER = defineMessages({
  everyone: { id: 'audience.later.everyone', defaultMessage: 'When you press Save Story, everyone will be able to read it.' },
  link: { id: 'audience.later.link', defaultMessage: 'When you press Save Story, only people with the link will be able to read it.' },
  circle: { id: 'audience.later.circle', defaultMessage: 'When you press Save Story, only people you invite will be able to read it.' },
  only_me: { id: 'audience.later.onlyMe', defaultMessage: 'When you press Save Story, only you will be able to read it.' },
}) satisfies Record<Audience, unknown>;

export function useAudienceChoice({ publishedStory, username }: { publishedStory: VersionedStory | null; username: string }) {
  const utils = trpc.useUtils();
  const intl = useIntl();
  const published = publishedStory !== null;
  // Before the first publish, the choice kept for it (the server's; the log holds it).
  const chosenBefore = trpc.stories.audience.useQuery(undefined, { enabled: !published });
  // The choice on its way to the server (shown at once), then the server's answer.
  const [sending, setSending] = useState<Audience | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const serverAudience: Audience = (published ? publishedStory.audience : chosenBefore.data?.audience) ?? 'everyone';

  const setAudience = trpc.stories.setAudience.useMutation();

  const choose = (audience: Audience) => {
    setMessage(null);
    setFailure(null);
    if (audience === (sending ?? serverAudience)) return;
    setSending(audience);
    setAudience.mutate(
      { audience },
      {
        onSuccess: (result) => {
          utils.stories.get.setData({ username }, (old) => (old ? { ...old, audience: result.audience } : old));
          utils.stories.audience.setData(undefined, { audience: result.audience });
          setSending((now) => (now === audience ? null : now));
          setMessage(intl.formatMessage((published ? AUDIENCE_NOW : AUDIENCE_LATER)[result.audience]));
          // Lists, search and counts show the story, or no longer do.
          void utils.stories.invalidate();
          void utils.explore.invalidate();
        },
        onError: (error) => {
          // The radio goes back to what the server has.
          setSending((now) => (now === audience ? null : now));
          const said = errorMessage(error);
          setFailure(
            said === GENERIC_ERROR
              ? intl.formatMessage({
                  id: 'audience.notChanged',
                  defaultMessage: 'We could not change who can read your story. Please try again.',
                })
              : intl.formatMessage(
                  { id: 'audience.notChangedBecause', defaultMessage: 'We could not change who can read your story: {reason}' },
                  { reason: translateServerText(intl, said) },
                ),
          );
        },
      },
    );
  };

  return {
    published,
    /** The radio that is on. */
    chosen: sending ?? serverAudience,
    choose,
    /**
     * What stories.publish sends: nothing, since every choice is already kept (the server's, not a copy of it here
     * that another device may have changed since), or a first publish's choice still on its way.
     */
    publishAudience: published ? undefined : (sending ?? undefined),
    busy: sending !== null || (!published && chosenBefore.isPending),
    message,
    failure,
  };
}

export type AudienceChoice = ReturnType<typeof useAudienceChoice>;
