// "People you invited": each reader's name, address and where they are (invited, joined, last read), with
// "Send again" (circle.resend: a new link, the old one ends) and "Remove" (circle.remove, asked first: it ends
// their access at once, docs/decisions/0026-who-can-read-a-story.md).
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import type { CircleReader } from '#contract/circle';
import { ErrorBox } from '../../components/error-box';
import { Loading } from '../../components/loading';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { people, plainDate } from './readers-words';
import { useAfterRender } from './use-after-render';

export function ReaderList() {
  const intl = useIntl();
  const utils = trpc.useUtils();
  const list = trpc.circle.list.useQuery();
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const resend = trpc.circle.resend.useMutation();
  const remove = trpc.circle.remove.useMutation();
  const afterRender = useAfterRender();

  const sendAgain = async (r: CircleReader) => {
    setStatus('');
    setProblem(null);
    try {
      const res = await resend.mutateAsync({ id: r.id });
      if (res.not_sent.length > 0)
        setProblem(
          intl.formatMessage(
            { id: 'circle.resendFailed', defaultMessage: 'We could not send the email to {name} just now. Please try again later.' },
            { name: r.name },
          ),
        );
      else
        setStatus(
          intl.formatMessage(
            { id: 'circle.resent', defaultMessage: 'A new invitation was sent to {name}. The link in the earlier email no longer works.' },
            { name: r.name },
          ),
        );
      await utils.circle.list.invalidate();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  const removeReader = async (r: CircleReader) => {
    setStatus('');
    setProblem(null);
    try {
      await remove.mutateAsync({ id: r.id });
      setConfirming(null);
      utils.circle.list.setData(undefined, (old) => old && { readers: old.readers.filter((x) => x.id !== r.id) });
      setStatus(
        intl.formatMessage(
          { id: 'circle.removed', defaultMessage: '{name} was removed and can no longer read your story.' },
          { name: r.name },
        ),
      );
      // The item (and the button that had the focus) is gone: the focus goes to the list's heading.
      heading.current?.focus();
      await utils.circle.list.invalidate();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  // Back to the "Remove <name>" button the question came from.
  const cancelRemove = (id: number) => {
    setConfirming(null);
    afterRender(() => heading.current?.closest('section')?.querySelector<HTMLElement>(`[data-remove="${id}"]`)?.focus());
  };

  const readers = list.data?.readers ?? [];
  return (
    <section className="card readers-section" aria-labelledby="invited-title">
      <h2 id="invited-title" ref={heading} tabIndex={-1}>
        <FormattedMessage id="circle.invited.title" defaultMessage="People you invited" />
      </h2>
      {list.isPending ? (
        <Loading label={intl.formatMessage({ id: 'circle.invited.loading', defaultMessage: 'Loading the people you invited…' })} />
      ) : list.isError ? (
        <ErrorBox error={list.error} />
      ) : readers.length === 0 ? (
        <p className="empty-state">
          <FormattedMessage
            id="circle.invited.none"
            defaultMessage="You have not invited anyone yet. The people you invite will be listed here."
          />
        </p>
      ) : (
        <>
          <p className="muted">
            <FormattedMessage
              id="circle.invited.count"
              defaultMessage="You have invited {people}."
              values={{ people: people(intl, readers.length) }}
            />
          </p>
          <ul className="reader-list">
            {readers.map((r) => (
              <li key={r.id} className="reader-item">
                <div className="reader-who">
                  <p className="reader-name">{r.name}</p>
                  <p className="reader-email">{r.email}</p>
                  <p className="reader-state">{readerState(intl, r)}</p>
                </div>
                {confirming === r.id ? (
                  <RemoveConfirmation
                    id={`remove-confirm-${r.id}`}
                    name={r.name}
                    busy={remove.isPending}
                    onRemove={() => void removeReader(r)}
                    onCancel={() => cancelRemove(r.id)}
                  />
                ) : (
                  <div className="button-row">
                    <button
                      type="button"
                      className="button secondary"
                      onClick={() => void sendAgain(r)}
                      disabled={resend.isPending}
                      aria-label={intl.formatMessage(
                        { id: 'circle.sendAgainTo', defaultMessage: 'Send again to {name}' },
                        { name: r.name },
                      )}
                    >
                      <FormattedMessage id="circle.sendAgain" defaultMessage="Send again" />
                    </button>
                    <button
                      type="button"
                      className="button danger"
                      data-remove={r.id}
                      onClick={() => setConfirming(r.id)}
                      aria-label={intl.formatMessage({ id: 'circle.removeName', defaultMessage: 'Remove {name}' }, { name: r.name })}
                    >
                      <FormattedMessage id="circle.remove" defaultMessage="Remove" />
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      <ErrorBox message={problem} />
      <p role="status" className={status ? 'readers-status' : undefined}>
        {status}
      </p>
    </section>
  );
}

/** Invited on, joined on, last read on: in the words the writer would use. */
function readerState(intl: IntlShape, r: CircleReader): string {
  return intl.formatMessage(
    {
      id: 'circle.readerState',
      defaultMessage:
        'Invited on {invited}{joined, select, yes {, joined on {joinedOn}} other {}}, {read, select, yes {last read on {lastRead}} other {has not opened it yet}}.',
    },
    {
      invited: plainDate(intl, r.invited_at),
      joined: r.joined && r.joined_at ? 'yes' : 'no',
      joinedOn: r.joined_at ? plainDate(intl, r.joined_at) : '',
      read: r.last_read_at ? 'yes' : 'no',
      lastRead: r.last_read_at ? plainDate(intl, r.last_read_at) : '',
    },
  );
}

/** Asked in place, focus on "Cancel" (the safe choice); the group's label is the sentence, read with it. */
function RemoveConfirmation({
  id,
  name,
  busy,
  onRemove,
  onCancel,
}: {
  id: string;
  name: string;
  busy: boolean;
  onRemove: () => void;
  onCancel: () => void;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  return (
    <fieldset className="confirm-box" aria-labelledby={id}>
      <p id={id}>
        <FormattedMessage id="circle.removeQuestion" defaultMessage="{name} will no longer be able to read your story." values={{ name }} />
      </p>
      <div className="button-row">
        <button type="button" className="button danger-solid" onClick={onRemove} disabled={busy}>
          <FormattedMessage id="circle.remove" defaultMessage="Remove" />
        </button>
        <button ref={cancel} type="button" className="button secondary" onClick={onCancel}>
          <FormattedMessage id="common.cancel" defaultMessage="Cancel" />
        </button>
      </div>
    </fieldset>
  );
}
