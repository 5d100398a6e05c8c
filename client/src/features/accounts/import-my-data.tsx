import { Check, FileUp } from 'lucide-react';
import { type ChangeEvent, type ReactNode, useId, useRef, useState } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { ImportSummary } from '#contract/data-import';
import { ErrorBox } from '../../components/error-box';
import { useDates } from '../../lib/i18n';
import { storyPath } from '../../lib/paths';
import { trpc } from '../../lib/trpc';
import { IMPORT_FAILURES, ImportFailure, sendDataExport } from './import-data-request';

type Step =
  | { at: 'choose'; problem?: string }
  | { at: 'checking' }
  | { at: 'confirm'; file: File; summary: ImportSummary }
  | { at: 'importing'; summary: ImportSummary }
  | { at: 'done'; summary: ImportSummary };

/** The sentence for a failed check or import: the client's own words, else the server's. */
function failureText(intl: IntlShape, err: unknown): string {
  return err instanceof ImportFailure ? intl.formatMessage(IMPORT_FAILURES[err.kind]) : (err as Error).message;
}

function Item({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** What will come in, as the confirmation and the answer show it. */
function WhatComesIn({ summary }: { summary: ImportSummary }) {
  return (
    <dl className="import-summary">
      <Item term={<FormattedMessage id="account.import.title" defaultMessage="Title" />}>
        <bdi>{summary.title || <FormattedMessage id="account.import.untitled" defaultMessage="Untitled" />}</bdi>
      </Item>
      <Item term={<FormattedMessage id="account.import.pages" defaultMessage="Pages" />}>
        {summary.pages > 0 ? (
          <FormattedMessage
            id="account.import.pageCount"
            defaultMessage="{count, plural, one {# page} other {# pages}}"
            values={{ count: summary.pages }}
          />
        ) : (
          <FormattedMessage id="account.import.draftOnly" defaultMessage="Not saved yet (a draft only)" />
        )}
      </Item>
      <Item term={<FormattedMessage id="account.import.words" defaultMessage="Words" />}>
        <FormattedMessage
          id="account.import.wordCount"
          defaultMessage="{count, plural, one {# word} other {# words}}"
          values={{ count: summary.words }}
        />
      </Item>
      <Item term={<FormattedMessage id="account.import.photos" defaultMessage="Photos" />}>
        <FormattedMessage
          id="account.import.photoCount"
          defaultMessage="{count, plural, one {# photo} other {# photos}}"
          values={{ count: summary.photos }}
        />
      </Item>
      <Item term={<FormattedMessage id="account.import.versions" defaultMessage="Versions" />}>
        <FormattedMessage
          id="account.import.versionCount"
          defaultMessage="{count, plural, one {# version} other {# versions}}"
          values={{ count: summary.revisions }}
        />
      </Item>
      <Item term={<FormattedMessage id="account.import.draft" defaultMessage="Draft" />}>
        {summary.has_draft ? (
          <FormattedMessage id="account.import.draftYes" defaultMessage="Yes, your unsaved changes come too" />
        ) : (
          <FormattedMessage id="account.import.draftNone" defaultMessage="None" />
        )}
      </Item>
    </dl>
  );
}

/**
 * "Import my data": the zip "Download my data" gave on another site running Life Story becomes this person's story,
 * only while it is empty. The file is checked first (nothing changes), then brought in once she says so
 * (docs/decisions/0035-moving-a-story-between-sites.md).
 */
export function ImportMyData({ username }: { username: string }) {
  const intl = useIntl();
  const dates = useDates();
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
      setStep({ at: 'choose', problem: failureText(intl, err) });
    }
  };
  const bringIn = async (file: File, summary: ImportSummary) => {
    setStep({ at: 'importing', summary });
    try {
      const done = await sendDataExport(file, false);
      await utils.invalidate();
      setStep({ at: 'done', summary: done });
    } catch (err) {
      setStep({ at: 'choose', problem: failureText(intl, err) });
    }
  };

  return (
    <section className="import-data" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>
        <FormattedMessage id="account.import.heading" defaultMessage="Bring your story from another site" />
      </h3>
      <p>
        <FormattedMessage
          id="account.import.lede"
          defaultMessage="If you wrote your story on another site that runs Life Story, use “Download my data” there, then choose that .zip file here. Your story, its pages, earlier versions, draft and photos come in. This only works while your story here is empty."
        />
      </p>
      <p className="muted">
        <FormattedMessage
          id="account.import.staysBehind"
          defaultMessage="Likes, comments, followers and the people you invited stay on the other site: they belong to those people."
        />
      </p>
      <div aria-live="polite" className="import-data-step">
        {step.at === 'choose' && (
          <>
            <ErrorBox message={step.problem} />
            <input ref={input} id={`${id}-file`} type="file" className="visually-hidden" accept=".zip,application/zip" onChange={choose} />
            <label htmlFor={`${id}-file`} className="button secondary file-button">
              <FileUp size={17} aria-hidden="true" />
              <FormattedMessage id="account.import.choose" defaultMessage="Import my data" />
            </label>
          </>
        )}
        {step.at === 'checking' && (
          <p role="status">
            <FormattedMessage id="account.import.reading" defaultMessage="Reading the file…" />
          </p>
        )}
        {step.at === 'confirm' && (
          <>
            <p>
              <FormattedMessage
                id="account.import.confirm"
                defaultMessage="This file is the story of <bdi>@{username}</bdi>, downloaded on {date}. This is what will come in:"
                values={{
                  username: step.summary.from_username,
                  date: dates.longDate(step.summary.exported_at),
                  bdi: (chunks: ReactNode[]) => <bdi>{chunks}</bdi>,
                }}
              />
            </p>
            <WhatComesIn summary={step.summary} />
            <div className="button-row">
              <button type="button" className="button" onClick={() => bringIn(step.file, step.summary)}>
                <Check size={17} aria-hidden="true" />
                <FormattedMessage id="account.import.bringIn" defaultMessage="Bring my story in" />
              </button>
              <button type="button" className="button secondary" onClick={() => setStep({ at: 'choose' })}>
                <FormattedMessage id="common.cancel" defaultMessage="Cancel" />
              </button>
            </div>
          </>
        )}
        {step.at === 'importing' && (
          <p role="status">
            <FormattedMessage id="account.import.importing" defaultMessage="Bringing your story in… The photos take a little while." />
          </p>
        )}
        {step.at === 'done' && (
          <>
            <p role="status" className="import-done">
              <FormattedMessage
                id="account.import.done"
                defaultMessage="Your story is here. For now only you can read it: “Change who can read” on your story lets others in."
              />
            </p>
            <WhatComesIn summary={step.summary} />
            <Link href={storyPath(username)} className="button">
              <FormattedMessage id="account.import.read" defaultMessage="Read your story now" />
            </Link>
          </>
        )}
      </div>
    </section>
  );
}
