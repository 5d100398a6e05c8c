import { Globe, Lock } from 'lucide-react';
import { useId } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';

export const VISIBILITY_TEXT = defineMessages({
  public: { id: 'visibility.public.text', defaultMessage: 'Your first and last name, age and picture appear on your story.' },
  private: {
    id: 'visibility.private.text',
    defaultMessage: 'Only your username appears on your story; your name, age and picture stay hidden.',
  },
});

/** The public / private toggle: two labelled radio cards, so arrows, Space and screen readers all work. */
export function VisibilityChoice({ isPrivate, onChange }: { isPrivate: boolean; onChange: (isPrivate: boolean) => void }) {
  const id = useId();
  const intl = useIntl();
  const options = [
    { value: false, key: 'public', title: intl.formatMessage({ id: 'profile.public', defaultMessage: 'Public' }), Icon: Globe },
    { value: true, key: 'private', title: intl.formatMessage({ id: 'profile.private', defaultMessage: 'Private' }), Icon: Lock },
  ] as const;
  return (
    <fieldset className="visibility-choice">
      <legend className="field-label">
        <FormattedMessage id="visibility.legend" defaultMessage="Profile visibility" />
      </legend>
      <div className="choice-cards">
        {options.map(({ value, key, title, Icon }) => (
          <label key={key} className="choice-card">
            <input
              type="radio"
              name={`${id}-visibility`}
              value={key}
              checked={isPrivate === value}
              onChange={() => onChange(value)}
              aria-labelledby={`${id}-${key}-title`}
              aria-describedby={`${id}-${key}-text`}
            />
            <span className="choice-body">
              <span className="choice-title" id={`${id}-${key}-title`}>
                <Icon size={17} aria-hidden="true" />
                {title}
              </span>
              <span className="choice-text" id={`${id}-${key}-text`}>
                {intl.formatMessage(VISIBILITY_TEXT[key])}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
