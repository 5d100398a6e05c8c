// A- / A+ on the story page for readers with poor eyesight (issue #26, point 7); the size is kept on this device
// (lib/text-size.ts). Rendered by the server too, so a reader can press it before the app has loaded (the press is
// done once it has: lib/early-presses.ts). The server cannot know the step: both buttons are enabled until the page
// has hydrated, and a step past either end does nothing.
import { useState } from 'react';
import { keepTextSize, storedTextSize, TEXT_SIZE_STEPS } from '../../lib/text-size';
import { FormattedMessage, useIntl } from 'react-intl';
import { useHydrated } from '../../lib/use-hydrated';

export function TextSizeControl() {
  const [step, setStep] = useState(storedTextSize);
  const hydrated = useHydrated();
  const last = TEXT_SIZE_STEPS.length - 1;
  const intl = useIntl();
  const change = (next: number) => {
    const kept = Math.min(Math.max(next, 0), last);
    setStep(kept);
    keepTextSize(kept);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of two buttons, not a form: fieldset would bring a legend's layout.
    <div className="text-size" role="group" aria-label={intl.formatMessage({ id: 'story.textSize', defaultMessage: 'Text size' })}>
      <span className="text-size-label" aria-hidden="true">
        <FormattedMessage id="story.textSize" defaultMessage="Text size" />
      </span>
      <button
        type="button"
        className="button secondary text-size-button"
        onClick={() => change(step - 1)}
        disabled={hydrated && step === 0}
      >
        <span aria-hidden="true">A−</span> <FormattedMessage id="story.textSize.smaller" defaultMessage="Smaller" />
      </button>
      <button
        type="button"
        className="button secondary text-size-button"
        onClick={() => change(step + 1)}
        disabled={hydrated && step === last}
      >
        <span className="text-size-large" aria-hidden="true">
          A+
        </span>{' '}
        <FormattedMessage id="story.textSize.larger" defaultMessage="Larger" />
      </button>
    </div>
  );
}
