// Following a story (issue #24, docs/decisions/0027-followers-and-digests.md): a signed-in reader follows and stops
// with one press; a reader without an account (say, family reading with a reader pass) gives an address, which
// gets a link to confirm. The state shown is only ever the one asked for by this session on this screen.
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { errorMessage, fieldErrors } from '../../lib/errors';
import { translateServerText } from '../../lib/server-messages';
import { trpc } from '../../lib/trpc';
import { useSessionUser } from '../../state/session';

const said = defineMessages({
  checkEmail: { id: 'follow.checkEmail', defaultMessage: 'Check your email: we sent you a link to confirm.' },
  followFailed: { id: 'follow.failed', defaultMessage: 'We could not follow this story. Please try again.' },
  unfollowFailed: { id: 'follow.stopFailed', defaultMessage: 'We could not stop following. Please try again.' },
  emailMissing: { id: 'follow.emailMissing', defaultMessage: 'Please enter your email address.' },
});

export function useStoryFollow(storyUsername: string) {
  const user = useSessionUser();
  const intl = useIntl();
  const input = { story_username: storyUsername };
  const utils = trpc.useUtils();
  // Asked afresh each time the screen opens (another person may have signed in on this device since), and shown only
  // once that answer is in: a kept answer could be someone else's.
  const status = trpc.follows.status.useQuery(input, { enabled: !!user, refetchOnMount: 'always', staleTime: 0 });
  const known = !!user && status.isSuccess && status.isFetchedAfterMount;
  const [failure, setFailure] = useState<string | null>(null);

  const follow = trpc.follows.follow.useMutation({ onSuccess: (now) => utils.follows.status.setData(input, now) });
  const unfollow = trpc.follows.unfollow.useMutation({ onSuccess: (now) => utils.follows.status.setData(input, now) });

  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const byEmail = trpc.follows.followByEmail.useMutation();

  const toggle = () => {
    if (!known || follow.isPending || unfollow.isPending) return;
    setFailure(null);
    const stop = status.data.following;
    (stop ? unfollow : follow).mutate(input, {
      onError: () => setFailure(intl.formatMessage(stop ? said.unfollowFailed : said.followFailed)),
    });
  };

  const sendEmail = () => {
    if (byEmail.isPending) return;
    const address = email.trim();
    setSent(false);
    if (!address) {
      setEmailError(intl.formatMessage(said.emailMissing));
      return;
    }
    setEmailError(null);
    byEmail.mutate(
      { story_username: storyUsername, email: address },
      {
        onSuccess: () => setSent(true),
        onError: (error) => setEmailError(translateServerText(intl, fieldErrors(error).email ?? errorMessage(error))),
      },
    );
  };

  return {
    signedIn: !!user,
    /** Signed in and this session's answer is in. */
    ready: known,
    following: known && status.data.following,
    statusError: user ? status.error : null,
    pending: follow.isPending || unfollow.isPending,
    failure,
    toggle,
    email,
    setEmail: (value: string) => {
      setEmail(value);
      setEmailError(null);
    },
    emailError,
    sending: byEmail.isPending,
    sent,
    /** What a sent confirmation link says, in the interface's language. */
    sentMessage: intl.formatMessage(said.checkEmail),
    sendEmail,
  };
}

export type StoryFollowState = ReturnType<typeof useStoryFollow>;
