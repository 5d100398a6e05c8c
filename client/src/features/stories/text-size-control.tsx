// A- / A+ on the story page for readers with poor eyesight (issue #26, point 7); the size is kept on this device
// (lib/text-size.ts). Rendered once hydrated: the server cannot know the step, and wrong buttons would flash.
import { useState } from 'react';
import { keepTextSize, storedTextSize, TEXT_SIZE_STEPS } from '../../lib/text-size';
import { FormattedMessage, useIntl } from 'react-intl';

export function TextSizeControl() {
  const [step, setStep] = useState(storedTextSize);
  const change = (next: number) => {
    setStep(next);
    keepTextSize(next);
  };
  const last = TEXT_SIZE_STEPS.length - 1;
  const intl = useIntl();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of two buttons, not a form: fieldset would bring a legend's layout.
    <div className="text-size" role="group" aria-label={intl.formatMessage({ id: 'story.textSize', defaultMessage: 'Text size' })}>
      <span className="text-size-label" aria-hidden="true">
        <FormattedMessage id="story.textSize" defaultMessage="Text size" />
      </span>
      <button type="button" className="button secondary text-size-button" onClick={() => change(step - 1)} disabled={step === 0}>
        <span aria-hidden="true">A−</span> <FormattedMessage id="story.textSize.smaller" defaultMessage="Smaller" />
      </button>
      <button type="button" className="button secondary text-size-button" onClick={() => change(step + 1)} disabled={step === last}>
        <span className="text-size-large" aria-hidden="true">
          A+
        </span>{' '}
        <FormattedMessage id="story.textSize.larger" defaultMessage="Larger" />
      </button>
    </div>
  );
}
