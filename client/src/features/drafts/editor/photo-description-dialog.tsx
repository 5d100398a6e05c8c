// The question asked when photos go in (and again from "Describe photo"): what does each photo show, for people
// who cannot see it. A native modal <dialog>: focus goes in and is kept there, Escape closes it; skipping is
// always fine (the photo shows a gentle reminder until it has a description).
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useObjectUrl } from '../../../lib/use-object-url';

export interface DescribeItem {
  id: string;
  /** What the photo is called: its file name, or "This photo". */
  name: string;
  /** A photo still on its way (its preview comes from the file) or one already stored. */
  file?: File;
  src?: string;
  alt: string;
}

interface Props {
  items: DescribeItem[];
  /** The descriptions by item id (trimmed; '' for one left empty). */
  onSave: (alts: Record<string, string>) => void;
  onSkip: () => void;
}

export const DESCRIPTION_MAX = 1000;

export function PhotoDescriptionDialog({ items, onSave, onSkip }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const intl = useIntl();
  const id = useId();
  const [alts, setAlts] = useState<Record<string, string>>(() => Object.fromEntries(items.map((i) => [i.id, i.alt])));
  const several = items.length > 1;
  const existing = items.length === 1 && items[0]!.src !== undefined;

  useEffect(() => {
    const dialog = ref.current!;
    if (!dialog.open) dialog.showModal();
    return () => dialog.close();
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The editor sits inside the write screen's form: this answer must not also publish the story.
    e.stopPropagation();
    onSave(Object.fromEntries(items.map((i) => [i.id, (alts[i.id] ?? '').trim()])));
  };

  // In <body>, not inside the write screen's <form>: a form may not hold another form.
  return createPortal(
    <dialog
      ref={ref}
      className="photo-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-intro`}
      onCancel={(e) => {
        e.preventDefault();
        onSkip();
      }}
    >
      <form onSubmit={submit} className="photo-dialog-form">
        <h2 id={`${id}-title`}>
          {existing
            ? intl.formatMessage({ id: 'photo.dialog.titleThis', defaultMessage: 'Describe this photo' })
            : intl.formatMessage(
                { id: 'photo.dialog.title', defaultMessage: '{count, plural, one {Describe your photo} other {Describe your # photos}}' },
                { count: items.length },
              )}
        </h2>
        <p id={`${id}-intro`} className="photo-dialog-intro">
          <FormattedMessage
            id="photo.dialog.intro"
            defaultMessage="A sentence about what {several, select, yes {each photo shows} other {the photo shows}} lets people who cannot see it share the moment. You can skip this and add it later."
            values={{ several: several ? 'yes' : 'no' }}
          />
        </p>
        <div className="photo-dialog-items">
          {items.map((item, n) => (
            <DescribeField
              key={item.id}
              item={item}
              label={
                several
                  ? intl.formatMessage(
                      { id: 'photo.dialog.questionNumbered', defaultMessage: 'What does photo {number} show? ({name})' },
                      { number: n + 1, name: item.name },
                    )
                  : intl.formatMessage({ id: 'photo.dialog.question', defaultMessage: 'What does the photo show?' })
              }
              value={alts[item.id] ?? ''}
              onChange={(value) => setAlts((prev) => ({ ...prev, [item.id]: value }))}
              first={n === 0}
            />
          ))}
        </div>
        <div className="button-row photo-dialog-actions">
          <button type="submit" className="button">
            {several
              ? intl.formatMessage({ id: 'photo.dialog.saveMany', defaultMessage: 'Save descriptions' })
              : intl.formatMessage({ id: 'photo.dialog.saveOne', defaultMessage: 'Save description' })}
          </button>
          <button type="button" className="button secondary" onClick={onSkip}>
            {existing
              ? intl.formatMessage({ id: 'common.cancel', defaultMessage: 'Cancel' })
              : intl.formatMessage({ id: 'photo.dialog.skip', defaultMessage: 'Skip for now' })}
          </button>
        </div>
      </form>
    </dialog>,
    document.body,
  );
}

function DescribeField({
  item,
  label,
  value,
  onChange,
  first,
}: {
  item: DescribeItem;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The first question takes focus and carries the example. */
  first: boolean;
}) {
  const id = useId();
  const preview = useObjectUrl(item.file ?? null);
  const src = item.src ?? preview;
  return (
    <div className="photo-dialog-item">
      {src ? <img className="photo-dialog-thumb" src={src} alt="" /> : <span className="photo-dialog-thumb" aria-hidden="true" />}
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <textarea
          id={id}
          rows={2}
          maxLength={DESCRIPTION_MAX}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-describedby={first ? `${id}-hint` : undefined}
          // biome-ignore lint/a11y/noAutofocus: the dialog was opened to ask this; its first question takes focus.
          autoFocus={first}
        />
        {first && (
          <p className="field-hint" id={`${id}-hint`}>
            <FormattedMessage
              id="photo.dialog.example"
              defaultMessage="For example: “My mother at the harbour in 1962, holding my little brother.”"
            />
          </p>
        )}
      </div>
    </div>
  );
}
