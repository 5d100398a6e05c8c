// "Share link": the story's secret link (stories.shareLink), to copy, and to replace (stories.newShareLink: the old
// link and every pass it gave stop at once, docs/decisions/0026-who-can-read-a-story.md). stories.shareLink makes the
// key on first use and has no read-only form; a key reads nothing unless the story is set to "People with the link".
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox } from '../../components/error-box';
import { Loading } from '../../components/loading';
import { errorCode, errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useAfterRender } from './use-after-render';

export function ShareLinkSection() {
  const intl = useIntl();
  const utils = trpc.useUtils();
  const link = trpc.stories.shareLink.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  const renew = trpc.stories.newShareLink.useMutation({ onSuccess: (fresh) => utils.stories.shareLink.setData(undefined, fresh) });
  const [status, setStatus] = useState('');
  const [confirming, setConfirming] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const makeButton = useRef<HTMLButtonElement>(null);
  const afterRender = useAfterRender();

  const copy = async () => {
    const url = link.data?.url;
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setStatus(intl.formatMessage({ id: 'circle.share.copied', defaultMessage: 'Link copied.' }));
    } catch {
      // No clipboard (an old browser, or permission refused): the link is selected for the person to copy.
      field.current?.focus();
      field.current?.select();
      setStatus(
        intl.formatMessage({
          id: 'circle.share.selected',
          defaultMessage: 'The link is selected: copy it with your device’s Copy command.',
        }),
      );
    }
  };

  const makeNew = async () => {
    setStatus('');
    try {
      await renew.mutateAsync();
      setConfirming(false);
      setStatus(intl.formatMessage({ id: 'circle.share.renewed', defaultMessage: 'A new link was made. The old link no longer works.' }));
      field.current?.focus();
    } catch {
      // Shown by the ErrorBox below.
    }
  };

  const cancel = () => {
    setConfirming(false);
    afterRender(() => makeButton.current?.focus());
  };

  return (
    <section className="card readers-section" aria-labelledby="share-title">
      <h2 id="share-title">
        <FormattedMessage id="circle.share.title" defaultMessage="Share link" />
      </h2>
      <p>
        <FormattedMessage
          id="circle.share.intro"
          defaultMessage="Anyone who has this link can read your story, but only while your story is set to “People with the link”. With any other choice the link does nothing."
        />
      </p>
      {link.isPending ? (
        <Loading label={intl.formatMessage({ id: 'circle.share.loading', defaultMessage: 'Loading your share link…' })} />
      ) : link.isError ? (
        errorCode(link.error) === 'NOT_FOUND' ? (
          <p className="notice">
            <FormattedMessage id="circle.share.notYet" defaultMessage="Your share link will be here once you have saved your story." />
          </p>
        ) : (
          <ErrorBox error={link.error} />
        )
      ) : (
        <div className="form">
          <div className="field">
            <label htmlFor="share-link">
              <FormattedMessage id="circle.share.label" defaultMessage="Your share link" />
            </label>
            {/* A text area, so that the whole link shows on a phone, over two lines if need be. */}
            <textarea
              ref={field}
              id="share-link"
              readOnly
              rows={2}
              value={link.data.url}
              onFocus={(e) => e.currentTarget.select()}
              spellCheck={false}
            />
          </div>
          {confirming ? (
            <MakeNewConfirmation busy={renew.isPending} onConfirm={() => void makeNew()} onCancel={cancel} />
          ) : (
            <div className="button-row">
              <button type="button" className="button" onClick={() => void copy()}>
                <FormattedMessage id="circle.share.copy" defaultMessage="Copy link" />
              </button>
              <button
                ref={makeButton}
                type="button"
                className="button secondary"
                onClick={() => {
                  setStatus('');
                  renew.reset();
                  setConfirming(true);
                }}
              >
                <FormattedMessage id="circle.share.makeNew" defaultMessage="Make a new link" />
              </button>
            </div>
          )}
          <ErrorBox message={renew.isError ? errorMessage(renew.error) : null} />
        </div>
      )}
      <p role="status" className={status ? 'readers-status' : undefined}>
        {status}
      </p>
    </section>
  );
}

function MakeNewConfirmation({ busy, onConfirm, onCancel }: { busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  return (
    <fieldset className="confirm-box" aria-labelledby="new-link-question">
      <p id="new-link-question">
        <FormattedMessage id="circle.share.question" defaultMessage="The old link will stop working for everyone who has it." />
      </p>
      <div className="button-row">
        <button type="button" className="button danger-solid" onClick={onConfirm} disabled={busy}>
          <FormattedMessage id="circle.share.makeNew" defaultMessage="Make a new link" />
        </button>
        <button ref={cancel} type="button" className="button secondary" onClick={onCancel}>
          <FormattedMessage id="common.cancel" defaultMessage="Cancel" />
        </button>
      </div>
    </fieldset>
  );
}
