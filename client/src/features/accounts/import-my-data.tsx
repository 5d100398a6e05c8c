import { Check, FileUp } from 'lucide-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { ImportSummary } from '#contract/data-import';
import { ErrorBox } from '../../components/error-box';
import { formatLongDate } from '../../lib/dates';
import { storyPath } from '../../lib/paths';
import { trpc } from '../../lib/trpc';
import { sendDataExport } from './import-data-request';

type Step =
  | { at: 'choose'; problem?: string }
  | { at: 'checking' }
  | { at: 'confirm'; file: File; summary: ImportSummary }
  | { at: 'importing'; summary: ImportSummary }
  | { at: 'done'; summary: ImportSummary };

const plural = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** What will come in, as the confirmation and the answer show it. */
function WhatComesIn({ summary }: { summary: ImportSummary }) {
  return (
    <dl className="import-summary">
      <div>
        <dt>Title</dt>
        <dd>
          <bdi>{summary.title || 'Untitled'}</bdi>
        </dd>
      </div>
      <div>
        <dt>Pages</dt>
        <dd>{summary.pages > 0 ? plural(summary.pages, 'page', 'pages') : 'Not saved yet (a draft only)'}</dd>
      </div>
      <div>
        <dt>Words</dt>
        <dd>{plural(summary.words, 'word', 'words')}</dd>
      </div>
      <div>
        <dt>Photos</dt>
        <dd>{plural(summary.photos, 'photo', 'photos')}</dd>
      </div>
      <div>
        <dt>Versions</dt>
        <dd>{plural(summary.revisions, 'version', 'versions')}</dd>
      </div>
      <div>
        <dt>Draft</dt>
        <dd>{summary.has_draft ? 'Yes, your unsaved changes come too' : 'None'}</dd>
      </div>
    </dl>
  );
}

/**
 * "Import my data": the zip "Download my data" gave on another site running Life Story becomes this person's story,
 * only while it is empty. The file is checked first (nothing changes), then brought in once she says so
 * (docs/decisions/0035-moving-a-story-between-sites.md).
 */
export function ImportMyData({ username }: { username: string }) {
  const [step, setStep] = useState<Step>({ at: 'choose' });
  const input = useRef<HTMLInputElement>(null);
  const utils = trpc.useUtils();
  const id = useId();

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // the same file may be chosen again after a refusal
    if (!file) return;
    setStep({ at: 'checking' });
    try {
      setStep({ at: 'confirm', file, summary: await sendDataExport(file, true) });
    } catch (err) {
      setStep({ at: 'choose', problem: (err as Error).message });
    }
  };
  const bringIn = async (file: File, summary: ImportSummary) => {
    setStep({ at: 'importing', summary });
    try {
      const done = await sendDataExport(file, false);
      await utils.invalidate();
      setStep({ at: 'done', summary: done });
    } catch (err) {
      setStep({ at: 'choose', problem: (err as Error).message });
    }
  };

  return (
    <section className="import-data" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Bring your story from another site</h3>
      <p>
        If you wrote your story on another site that runs Life Story, use “Download my data” there, then choose that .zip file here. Your
        story, its pages, earlier versions, draft and photos come in. This only works while your story here is empty.
      </p>
      <p className="muted">Likes, comments, followers and the people you invited stay on the other site: they belong to those people.</p>
      <div aria-live="polite" className="import-data-step">
        {step.at === 'choose' && (
          <>
            <ErrorBox message={step.problem} />
            <input ref={input} id={`${id}-file`} type="file" className="visually-hidden" accept=".zip,application/zip" onChange={choose} />
            <label htmlFor={`${id}-file`} className="button secondary file-button">
              <FileUp size={17} aria-hidden="true" />
              Import my data
            </label>
          </>
        )}
        {step.at === 'checking' && <p role="status">Reading the file…</p>}
        {step.at === 'confirm' && (
          <>
            <p>
              This file is the story of <bdi>@{step.summary.from_username}</bdi>, downloaded on {formatLongDate(step.summary.exported_at)}.
              This is what will come in:
            </p>
            <WhatComesIn summary={step.summary} />
            <div className="button-row">
              <button type="button" className="button" onClick={() => bringIn(step.file, step.summary)}>
                <Check size={17} aria-hidden="true" />
                Bring my story in
              </button>
              <button type="button" className="button secondary" onClick={() => setStep({ at: 'choose' })}>
                Cancel
              </button>
            </div>
          </>
        )}
        {step.at === 'importing' && <p role="status">Bringing your story in… The photos take a little while.</p>}
        {step.at === 'done' && (
          <>
            <p role="status" className="import-done">
              Your story is here. For now only you can read it: “Change who can read” on your story lets others in.
            </p>
            <WhatComesIn summary={step.summary} />
            <Link href={storyPath(username)} className="button">
              Read your story now
            </Link>
          </>
        )}
      </div>
    </section>
  );
}
