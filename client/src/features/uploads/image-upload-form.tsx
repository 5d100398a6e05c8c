import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ErrorBox } from '../../components/error-box';
import { checkImageFile, uploadImage } from './upload';
import { ImageDropZone } from './image-drop-zone';
import { UploadProgress } from './upload-progress';
import { useObjectUrl } from '../../lib/use-object-url';
import { formatFileSize } from '../../lib/bytes';
import { FormattedMessage, useIntl } from 'react-intl';
import './image-upload.css';

interface Props {
  /** The picker's visible name ('Choose a picture'). */
  pickLabel: string;
  /** The submit button ('Save Profile Picture', 'Save Banner'). */
  saveLabel: string;
  /** How the preview is framed: a round picture or a wide banner. */
  shape: 'round' | 'wide';
  /** Called with the stored file name once the upload is done; the screen saves it and moves on. */
  onUploaded: (name: string) => Promise<unknown>;
  /** More buttons for the row (delete, cancel). */
  children?: ReactNode;
}

type Phase = 'idle' | 'uploading' | 'saving';

/**
 * Pick (or drop) a JPEG or PNG, see it, upload it with a progress bar, then hand the stored name to the
 * screen. Any failure, the upload's or the save's, is shown and the person stays here with the file.
 */
export function ImageUploadForm({ pickLabel, saveLabel, shape, onUploaded, children }: Props) {
  const intl = useIntl();
  const errorId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const preview = useObjectUrl(file);
  const abort = useRef<AbortController | null>(null);

  // Leaving the screen mid-upload stops the transfer.
  useEffect(() => () => abort.current?.abort(), []);

  const pick = (chosen: File) => {
    setFailure(null);
    const refusal = checkImageFile(intl, chosen);
    setProblem(refusal);
    setFile(refusal ? null : chosen);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) {
      setProblem(intl.formatMessage({ id: 'upload.noFile', defaultMessage: 'Choose a JPEG or PNG image first.' }));
      return;
    }
    setProblem(null);
    setFailure(null);
    setProgress(0);
    setPhase('uploading');
    const controller = new AbortController();
    abort.current = controller;
    try {
      const name = await uploadImage(file, setProgress, controller.signal);
      setPhase('saving');
      await onUploaded(name);
    } catch (err) {
      if (!controller.signal.aborted) setFailure(err);
    } finally {
      if (!controller.signal.aborted) setPhase('idle');
    }
  };

  const busy = phase !== 'idle';
  return (
    <form className="image-upload" onSubmit={submit} noValidate aria-busy={busy}>
      <ErrorBox error={failure ?? undefined} />
      <ImageDropZone
        label={file ? intl.formatMessage({ id: 'upload.pickAnother', defaultMessage: 'Choose a different image' }) : pickLabel}
        onPick={pick}
        disabled={busy}
        describedBy={problem ? errorId : undefined}
      />
      {problem && (
        <p className="field-error image-upload-problem" id={errorId} role="alert">
          {problem}
        </p>
      )}
      {file && preview && (
        <figure className={`image-preview ${shape}`}>
          <img src={preview} alt={intl.formatMessage({ id: 'upload.previewAlt', defaultMessage: 'Preview of the chosen file' })} />
          <figcaption>
            <span className="image-preview-name">{file.name}</span>{' '}
            <span className="muted">
              <FormattedMessage
                id="upload.notSaved"
                defaultMessage="· {size} · not saved yet"
                values={{ size: formatFileSize(intl, file.size) }}
              />
            </span>
          </figcaption>
        </figure>
      )}
      {busy && <UploadProgress phase={phase === 'saving' ? 'saving' : 'uploading'} fraction={progress} />}
      <div className="button-row">
        <button type="submit" className="button" disabled={busy}>
          {busy ? <FormattedMessage id="account.saving" defaultMessage="Saving…" /> : saveLabel}
        </button>
        {children}
      </div>
    </form>
  );
}
