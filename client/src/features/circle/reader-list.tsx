// "People you invited": each reader's name, address and where they are (invited, joined, last read), with
// "Send again" (circle.resend: a new link, the old one ends) and "Remove" (circle.remove, asked first: it ends
// their access at once, docs/decisions/0026-who-can-read-a-story.md).
import { useEffect, useRef, useState } from 'react';
import type { CircleReader } from '#contract/circle';
import { ErrorBox } from '../../components/error-box';
import { Loading } from '../../components/loading';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { people, plainDate } from './readers-words';
import { useAfterRender } from './use-after-render';

export function ReaderList() {
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
      if (res.not_sent.length > 0) setProblem(`We could not send the email to ${r.name} just now. Please try again later.`);
      else setStatus(`A new invitation was sent to ${r.name}. The link in the earlier email no longer works.`);
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
      setStatus(`${r.name} was removed and can no longer read your story.`);
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
        People you invited
      </h2>
      {list.isPending ? (
        <Loading label="Loading the people you invited…" />
      ) : list.isError ? (
        <ErrorBox error={list.error} />
      ) : readers.length === 0 ? (
        <p className="empty-state">You have not invited anyone yet. The people you invite will be listed here.</p>
      ) : (
        <>
          <p className="muted">You have invited {people(readers.length)}.</p>
          <ul className="reader-list">
            {readers.map((r) => (
              <li key={r.id} className="reader-item">
                <div className="reader-who">
                  <p className="reader-name">{r.name}</p>
                  <p className="reader-email">{r.email}</p>
                  <p className="reader-state">{readerState(r)}</p>
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
                      aria-label={`Send again to ${r.name}`}
                    >
                      Send again
                    </button>
                    <button
                      type="button"
                      className="button danger"
                      data-remove={r.id}
                      onClick={() => setConfirming(r.id)}
                      aria-label={`Remove ${r.name}`}
                    >
                      Remove
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
function readerState(r: CircleReader): string {
  const parts = [`Invited on ${plainDate(r.invited_at)}`];
  if (r.joined && r.joined_at) parts.push(`joined on ${plainDate(r.joined_at)}`);
  parts.push(r.last_read_at ? `last read on ${plainDate(r.last_read_at)}` : 'has not opened it yet');
  return `${parts.join(', ')}.`;
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
      <p id={id}>{name} will no longer be able to read your story.</p>
      <div className="button-row">
        <button type="button" className="button danger-solid" onClick={onRemove} disabled={busy}>
          Remove
        </button>
        <button ref={cancel} type="button" className="button secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </fieldset>
  );
}
