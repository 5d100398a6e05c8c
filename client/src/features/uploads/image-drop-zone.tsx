import { ImageUp } from 'lucide-react';
import { useId, useState, type ChangeEvent, type DragEvent } from 'react';
import { LIMITS } from '#contract/limits';
import { useIntl } from 'react-intl';
import { IMAGE_ACCEPT_ATTR } from './upload';

interface Props {
  /** The visible name of the picker ('Choose a picture'). */
  label: string;
  onPick: (file: File) => void;
  disabled?: boolean;
  /** Ids of messages about the pick (an error), read after the hint. */
  describedBy?: string;
}

/**
 * The file input behind a large label that looks like a drop zone. The input stays in the tab order
 * (visually hidden, not display:none), so Tab reaches it, Space or Enter opens the picker, and the zone
 * shows the focus ring; dropping a file works too.
 */
export function ImageDropZone({ label, onPick, disabled, describedBy }: Props) {
  const intl = useIntl();
  const id = useId();
  const [over, setOver] = useState(false);

  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // Cleared so that choosing the same file again (after a refusal) still reports a change.
    e.target.value = '';
    if (file) onPick(file);
  };
  const onDragOver = (e: DragEvent) => {
    if (disabled) return;
    e.preventDefault();
    setOver(true);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const file = e.dataTransfer.files[0];
    if (file && !disabled) onPick(file);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping a file is a pointer shortcut; keyboard and screen reader users get the same through the file input inside.
    <div className={over ? 'drop-zone over' : 'drop-zone'} onDragOver={onDragOver} onDragLeave={() => setOver(false)} onDrop={onDrop}>
      <input
        id={id}
        type="file"
        className="visually-hidden"
        accept={IMAGE_ACCEPT_ATTR}
        onChange={onChange}
        disabled={disabled}
        aria-labelledby={`${id}-title`}
        aria-describedby={[`${id}-hint`, describedBy].filter(Boolean).join(' ')}
      />
      <label htmlFor={id} className="drop-zone-label">
        <ImageUp className="drop-zone-icon" size={28} aria-hidden="true" />
        <span className="drop-zone-title" id={`${id}-title`}>
          {label}
        </span>
        <span className="drop-zone-hint" id={`${id}-hint`}>
          {intl.formatMessage(
            { id: 'upload.hint', defaultMessage: 'JPEG or PNG, up to {size} MB. Drop a file here or press to browse.' },
            { size: LIMITS.uploadBytesMax / 1024 / 1024 },
          )}
        </span>
      </label>
    </div>
  );
}
