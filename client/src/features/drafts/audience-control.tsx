// "Who can read your story": four plain choices right above Save Story (issue #24), so that a writer on a phone
// sees both together at the end of the form. /story/write#audience (the story page's "Change who can read")
// brings it into view and focuses it.
import { useEffect, useId, useRef } from 'react';
import { Link } from 'wouter';
import type { Audience } from '#contract/access';
import { ErrorBox } from '../../components/error-box';
import type { AudienceChoice } from './use-audience-choice';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';

const words = defineMessages({
  everyone: { id: 'audience.everyone', defaultMessage: 'Everyone' },
  everyoneHint: { id: 'audience.everyone.hint', defaultMessage: 'Anyone can find and read it.' },
  link: { id: 'audience.link', defaultMessage: 'People with the link' },
  linkHint: { id: 'audience.link.hint', defaultMessage: 'Only people you give the link to. It is not listed or searchable.' },
  circle: { id: 'audience.circle', defaultMessage: 'Only people I invite' },
  circleHint: { id: 'audience.circle.hint', defaultMessage: 'Only the family and friends you invite by email.' },
  onlyMe: { id: 'audience.onlyMe', defaultMessage: 'Only me' },
  onlyMeHint: { id: 'audience.onlyMe.hint', defaultMessage: 'Nobody but you.' },
});

const CHOICES = [
  { value: 'everyone', label: words.everyone, hint: words.everyoneHint },
  { value: 'link', label: words.link, hint: words.linkHint },
  { value: 'circle', label: words.circle, hint: words.circleHint },
  { value: 'only_me', label: words.onlyMe, hint: words.onlyMeHint },
] satisfies { value: Audience; label: unknown; hint: unknown }[];

export function AudienceControl({ choice, editorReady }: { choice: AudienceChoice; editorReady: boolean }) {
  const id = useId();
  const intl = useIntl();
  const fieldset = useRef<HTMLFieldSetElement>(null);
  useAudienceHash(fieldset, editorReady);
  return (
    <fieldset id="audience" className="audience-control" ref={fieldset} tabIndex={-1} aria-busy={choice.busy || undefined}>
      <legend>
        <FormattedMessage id="audience.legend" defaultMessage="Who can read your story" />
      </legend>
      <div className="audience-choices">
        {CHOICES.map(({ value, label, hint }) => (
          <label key={value} className="audience-choice">
            <input
              type="radio"
              name="audience"
              value={value}
              checked={choice.chosen === value}
              onChange={() => choice.choose(value)}
              // Named by its label alone ("Everyone"); the hint is its description. The whole row stays the click target.
              aria-labelledby={`${id}-${value}-label`}
              aria-describedby={`${id}-${value}-hint`}
            />
            <span className="audience-text">
              <span className="audience-label" id={`${id}-${value}-label`}>
                {intl.formatMessage(label)}
              </span>
              <span className="audience-hint" id={`${id}-${value}-hint`}>
                {intl.formatMessage(hint)}
              </span>
            </span>
          </label>
        ))}
      </div>
      <p className="audience-more">
        {choice.published ? (
          <FormattedMessage id="audience.changeNow" defaultMessage="A change applies at once." />
        ) : (
          <FormattedMessage id="audience.changeLater" defaultMessage="You can change this at any time." />
        )}{' '}
        <Link href="/readers">
          <FormattedMessage id="audience.readersLink" defaultMessage="Invite family and see your readers" />
        </Link>
      </p>
      <p className="audience-status" role="status">
        {choice.message}
      </p>
      <ErrorBox message={choice.failure} />
    </fieldset>
  );
}

/** Arriving at /story/write#audience: the choice comes into view with focus (again once the editor has its height). */
function useAudienceHash(fieldset: React.RefObject<HTMLFieldSetElement | null>, editorReady: boolean) {
  const arrived = useRef(typeof window !== 'undefined' && window.location.hash === '#audience');
  useEffect(() => {
    const el = fieldset.current;
    if (!arrived.current || !el) return;
    if (!editorReady) {
      el.focus({ preventScroll: true });
      el.scrollIntoView({ block: 'center' });
      return;
    }
    // The editor's text pushed the choice down: bring it back, once, unless the writer has moved on.
    arrived.current = false;
    if (document.activeElement === el || document.activeElement === document.body) {
      el.focus({ preventScroll: true });
      el.scrollIntoView({ block: 'center' });
    }
  }, [fieldset, editorReady]);
}
