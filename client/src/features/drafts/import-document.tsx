// "Import a document" on the write screen (issue #27, docs/decisions/0033-import-a-document.md): choose a Word,
// text, Markdown or web page file; the server answers what it will bring in (POST /uploads/document), shown here
// with its short report; then "Add to the end of my draft" or "Replace my draft" (use-draft-session.ts). Nothing
// is published, and a replaced draft is kept in Versions (versions-screen.tsx).
import { useId, useRef, useState } from 'react';
import { DOCUMENT_ACCEPT, type DocumentPreview } from '#contract/document-import';
import { ErrorBox } from '../../components/error-box';
import { errorMessage, UploadError } from '../../lib/errors';
import { defineMessages, FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { englishIntl } from '../../lib/english-intl';

export const DOCUMENT_ENDPOINT = '/uploads/document';
const failures = defineMessages({
  send: { id: 'import.sendFailed', defaultMessage: 'The document could not be sent. Check your connection, then try again.' },
  server: { id: 'import.serverFailed', defaultMessage: 'The document could not be read just now. Please try again in a moment.' },
});

/** Sends the file; the preview, or a rejection whose message is one sentence for the writer (the server's own, as sent). */
export async function sendDocument(file: File, intl: IntlShape = englishIntl): Promise<DocumentPreview> {
  const form = new FormData();
  form.append('file', file, file.name);
  let res: Response;
  try {
    res = await fetch(DOCUMENT_ENDPOINT, { method: 'POST', body: form, credentials: 'same-origin' });
  } catch {
    throw new UploadError(intl.formatMessage(failures.send), 0);
  }
  const body = (await res.json().catch(() => null)) as (DocumentPreview & { error?: { message?: string } }) | null;
  if (res.ok && body && typeof body.html === 'string') return body;
  throw new UploadError(body?.error?.message || intl.formatMessage(failures.server), res.status);
}

export type ImportMode = 'append' | 'replace';

type Step =
  | { kind: 'closed' }
  | { kind: 'choosing' }
  | { kind: 'reading'; name: string }
  | { kind: 'preview'; name: string; preview: DocumentPreview };

export function ImportDocument({ onImport }: { onImport: (html: string, mode: ImportMode) => Promise<void> }) {
  const id = useId();
  const intl = useIntl();
  const [step, setStep] = useState<Step>({ kind: 'closed' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<ImportMode | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setStep({ kind: 'reading', name: file.name });
    try {
      setStep({ kind: 'preview', name: file.name, preview: await sendDocument(file, intl) });
    } catch (e) {
      setError(errorMessage(e));
      setStep({ kind: 'choosing' });
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  const put = async (mode: ImportMode) => {
    if (step.kind !== 'preview') return;
    setBusy(mode);
    setError(null);
    try {
      await onImport(step.preview.html, mode);
      setStep({ kind: 'closed' });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  const close = () => {
    setStep({ kind: 'closed' });
    setError(null);
  };

  if (step.kind === 'closed') {
    return (
      <button type="button" className="button secondary import-document-open" onClick={() => setStep({ kind: 'choosing' })}>
        <FormattedMessage id="import.open" defaultMessage="Import a document" />
      </button>
    );
  }
  return (
    <section className="import-document" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="import-document-title">
        <FormattedMessage id="import.open" defaultMessage="Import a document" />
      </h2>
      {step.kind !== 'preview' && (
        <>
          <p>
            <FormattedMessage
              id="import.intro"
              defaultMessage="Bring in words you have already typed: a Word document (.docx, also from Google Docs), a text file (.txt), Markdown (.md) or a web page (.html), up to 20 MB. You will see it before anything changes."
            />
          </p>
          <div className="button-row">
            <label className={`button large import-document-choose${step.kind === 'reading' ? ' disabled' : ''}`}>
              {step.kind === 'reading' ? (
                <FormattedMessage id="import.reading" defaultMessage="Reading {name}…" values={{ name: step.name }} />
              ) : (
                <FormattedMessage id="import.choose" defaultMessage="Choose a document" />
              )}
              <input
                ref={input}
                type="file"
                className="visually-hidden"
                accept={DOCUMENT_ACCEPT}
                disabled={step.kind === 'reading'}
                onChange={(e) => void choose(e.target.files?.[0])}
              />
            </label>
            <button type="button" className="button secondary large" onClick={close} disabled={step.kind === 'reading'}>
              <FormattedMessage id="common.cancel" defaultMessage="Cancel" />
            </button>
          </div>
          {step.kind === 'reading' && (
            <p role="status" className="import-document-status">
              <FormattedMessage id="import.readingLong" defaultMessage="Reading your document. A long one can take a minute." />
            </p>
          )}
        </>
      )}
      <ErrorBox message={error} />
      {step.kind === 'preview' && <Preview name={step.name} preview={step.preview} busy={busy} onPut={put} onCancel={close} />}
    </section>
  );
}

function Preview({
  name,
  preview,
  busy,
  onPut,
  onCancel,
}: {
  name: string;
  preview: DocumentPreview;
  busy: ImportMode | null;
  onPut: (mode: ImportMode) => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  return (
    <>
      <p role="status">
        <FormattedMessage
          id="import.previewSummary"
          defaultMessage="<b>{name}</b>: {words, plural, one {# word} other {# words}}{photos, plural, =0 {} one { and # photo} other { and # photos}}. This is how it will look in your draft."
          values={{ name, words: preview.word_count, photos: preview.photos, b: (chunks) => <strong>{chunks}</strong> }}
        />
      </p>
      {preview.report.length > 0 && (
        <ul
          className="import-document-report"
          aria-label={intl.formatMessage({ id: 'import.whatChanged', defaultMessage: 'What changed' })}
        >
          {preview.report.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised story HTML; it is rich text by design. */}
      <div className="import-document-preview story-text" dangerouslySetInnerHTML={{ __html: preview.html }} />
      <div className="button-row import-document-actions">
        <button type="button" className="button large" onClick={() => onPut('append')} disabled={busy !== null}>
          {busy === 'append' ? (
            <FormattedMessage id="import.adding" defaultMessage="Adding…" />
          ) : (
            <FormattedMessage id="import.append" defaultMessage="Add to the end of my draft" />
          )}
        </button>
        <button type="button" className="button secondary large" onClick={() => onPut('replace')} disabled={busy !== null}>
          {busy === 'replace' ? (
            <FormattedMessage id="import.replacing" defaultMessage="Replacing…" />
          ) : (
            <FormattedMessage id="import.replace" defaultMessage="Replace my draft" />
          )}
        </button>
        <button type="button" className="button secondary large" onClick={onCancel} disabled={busy !== null}>
          <FormattedMessage id="common.cancel" defaultMessage="Cancel" />
        </button>
      </div>
      <p className="field-hint">
        <FormattedMessage
          id="import.nothingPublished"
          defaultMessage="Nothing is published until you press Save Story. If you replace your draft, the old one is kept in Versions."
        />
      </p>
    </>
  );
}
