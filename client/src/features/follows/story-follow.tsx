// "Follow this story", for a reader who is not its author (issue #24): a button when signed in, a small address
// form otherwise. At most one email a day, after the author publishes (docs/decisions/0027-followers-and-digests.md).
import { useId } from 'react';
import { ErrorBox } from '../../components/error-box';
import { type StoryFollowState, useStoryFollow } from './use-story-follow';
import { FormattedMessage } from 'react-intl';

export function StoryFollow({ storyUsername }: { storyUsername: string }) {
  const f = useStoryFollow(storyUsername);
  const headingId = useId();
  return (
    <section className="story-follow" aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        <FormattedMessage id="follow.heading" defaultMessage="Follow" />
      </h2>
      {f.signedIn ? <SignedInFollow f={f} /> : <EmailFollow f={f} />}
    </section>
  );
}

function SignedInFollow({ f }: { f: StoryFollowState }) {
  if (f.statusError) return <ErrorBox error={f.statusError} />;
  return (
    <>
      {f.following ? (
        <div className="story-follow-row">
          <p className="story-follow-text">
            <FormattedMessage
              id="follow.following"
              defaultMessage="You are following this story. We email you when it grows, at most once a day."
            />
          </p>
          <button type="button" className="button secondary" onClick={f.toggle} disabled={f.pending}>
            <FormattedMessage id="follow.stop" defaultMessage="Stop following" />
          </button>
        </div>
      ) : (
        <div className="story-follow-row">
          <p className="story-follow-text">
            <FormattedMessage id="follow.pitch" defaultMessage="Hear when this story grows: at most one email a day." />
          </p>
          <button type="button" className="button" onClick={f.toggle} disabled={!f.ready || f.pending}>
            <FormattedMessage id="follow.start" defaultMessage="Follow this story" />
          </button>
        </div>
      )}
      <ErrorBox message={f.failure} />
    </>
  );
}

function EmailFollow({ f }: { f: StoryFollowState }) {
  const id = useId();
  return (
    <>
      {!f.sent && (
        <form
          className="story-follow-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            f.sendEmail();
          }}
        >
          <p className="story-follow-text" id={`${id}-hint`}>
            <FormattedMessage
              id="follow.pitchByEmail"
              defaultMessage="Hear when this story grows: at most one email a day. No account needed."
            />
          </p>
          <div className="story-follow-fields">
            <div className="field">
              <label htmlFor={`${id}-email`}>
                <FormattedMessage id="follow.email" defaultMessage="Your email address" />
              </label>
              <input
                id={`${id}-email`}
                type="email"
                name="email"
                autoComplete="email"
                inputMode="email"
                value={f.email}
                onChange={(e) => f.setEmail(e.target.value)}
                aria-invalid={f.emailError ? true : undefined}
                aria-describedby={f.emailError ? `${id}-hint ${id}-error` : `${id}-hint`}
              />
            </div>
            <button type="submit" className="button" disabled={f.sending}>
              <FormattedMessage id="follow.submit" defaultMessage="Email me when it grows" />
            </button>
          </div>
          {f.emailError && (
            <p className="field-error" id={`${id}-error`} role="alert">
              {f.emailError}
            </p>
          )}
        </form>
      )}
      {/* In the page from the start, so that screen readers hear it when it fills. */}
      <p className="story-follow-text story-follow-sent" role="status">
        {f.sent ? f.sentMessage : ''}
      </p>
    </>
  );
}
