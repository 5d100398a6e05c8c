// "Invite family and friends": a name and an address per person, up to LIMITS.circleInviteMax at a time
// (circle.invite, docs/decisions/0026-who-can-read-a-story.md). The server checks everything; its messages are
// shown under the field they are about, and a refused list (too many, the rate limit) in plain words above the button.
import { X } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox } from '../../components/error-box';
import { TextField } from '../../components/text-field';
import { errorMessage, fieldErrors } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { errorsByRow, type InviteRow, MAX_ROWS, type RowErrors, rowsToSend } from './invite-rows';
import { listOfNames, sentSentence } from './readers-words';
import { useAfterRender } from './use-after-render';

let nextKey = 1;
const emptyRow = (): InviteRow => ({ key: nextKey++, name: '', email: '' });

export function InviteForm({ onlyMe }: { onlyMe: boolean }) {
  const intl = useIntl();
  /** Row 1's fields are "Name" and "Email address"; later rows say which person they are. */
  const labelFor = (what: string, index: number) =>
    index === 0
      ? what
      : intl.formatMessage(
          { id: 'circle.invite.fieldOfPerson', defaultMessage: '{field}, person {number}' },
          { field: what, number: index + 1 },
        );
  const utils = trpc.useUtils();
  const [rows, setRows] = useState<InviteRow[]>(() => [emptyRow()]);
  const [errors, setErrors] = useState<RowErrors>({});
  const [sent, setSent] = useState('');
  const [notSent, setNotSent] = useState<string[]>([]);
  const form = useRef<HTMLFormElement>(null);
  const invite = trpc.circle.invite.useMutation();
  const afterRender = useAfterRender();

  const change = (key: number, field: 'name' | 'email', value: string) => {
    setSent('');
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, [field]: value } : r)));
    setErrors((es) => (es[key]?.[field] ? { ...es, [key]: { ...es[key], [field]: undefined } } : es));
  };

  const add = () => {
    const row = emptyRow();
    setRows((rs) => [...rs, row]);
    // The new row's name field is where the writer types next.
    afterRender(() => form.current?.querySelector<HTMLInputElement>(`[data-row="${row.key}"] input`)?.focus());
  };

  const removeRow = (index: number) => {
    const gone = rows[index];
    setRows((rs) => rs.filter((_, i) => i !== index));
    if (gone) setErrors(({ [gone.key]: _, ...rest }) => rest);
    // Focus stays in the form: on the row before the one taken out.
    afterRender(() => form.current?.querySelectorAll<HTMLElement>('[data-row]')[index - 1]?.querySelector('input')?.focus());
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const toSend = rowsToSend(rows);
    setSent('');
    setNotSent([]);
    setErrors({});
    try {
      const res = await invite.mutateAsync({ readers: toSend.map((r) => ({ name: r.name, email: r.email })) });
      const failed = new Set(res.not_sent);
      const ok = res.invited.filter((r) => !failed.has(r.email));
      setSent(
        ok.length > 0
          ? sentSentence(
              intl,
              ok.map((r) => r.name),
            )
          : '',
      );
      setNotSent(res.invited.filter((r) => failed.has(r.email)).map((r) => r.name));
      setRows([emptyRow()]);
      await utils.circle.list.invalidate();
    } catch (error) {
      setErrors(errorsByRow(toSend, fieldErrors(error)));
      // The first field that needs a change gets the focus (its message is read with it).
      afterRender(() => form.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus());
    }
  };

  const rowErrorCount = Object.values(errors).filter((e) => e.name || e.email).length;

  return (
    <section className="card readers-section" aria-labelledby="invite-title">
      <h2 id="invite-title">
        <FormattedMessage id="circle.invite.title" defaultMessage="Invite family and friends" />
      </h2>
      <p>
        <FormattedMessage
          id="circle.invite.intro"
          defaultMessage="Each person gets an email with their own link. They can read your story straight away, without making an account or a password."
        />
      </p>
      {onlyMe && (
        <p className="notice">
          <FormattedMessage
            id="circle.invite.onlyMe"
            defaultMessage="Your story is set to “Only me”, so the people you invite cannot read it until you change who can read."
          />
        </p>
      )}
      <form ref={form} className="form invite-form" onSubmit={submit} noValidate>
        {rows.map((row, i) => (
          <fieldset key={row.key} className="invite-row" data-row={row.key}>
            <legend className="visually-hidden">
              <FormattedMessage id="circle.invite.person" defaultMessage="Person {number}" values={{ number: i + 1 }} />
            </legend>
            <TextField
              label={labelFor(intl.formatMessage({ id: 'circle.invite.name', defaultMessage: 'Name' }), i)}
              value={row.name}
              autoComplete="off"
              onChange={(e) => change(row.key, 'name', e.target.value)}
              error={errors[row.key]?.name}
            />
            <TextField
              label={labelFor(intl.formatMessage({ id: 'circle.invite.email', defaultMessage: 'Email address' }), i)}
              type="email"
              inputMode="email"
              autoComplete="off"
              spellCheck={false}
              value={row.email}
              onChange={(e) => change(row.key, 'email', e.target.value)}
              error={errors[row.key]?.email}
            />
            {i > 0 && (
              <button type="button" className="button secondary invite-row-remove" onClick={() => removeRow(i)}>
                <X size={18} aria-hidden="true" />
                <FormattedMessage id="circle.invite.removePerson" defaultMessage="Remove person {number}" values={{ number: i + 1 }} />
              </button>
            )}
          </fieldset>
        ))}
        <ErrorBox
          message={
            invite.isError
              ? rowErrorCount > 0
                ? intl.formatMessage({
                    id: 'circle.invite.checkFields',
                    defaultMessage: 'Please look at the fields marked above and try again.',
                  })
                : errorMessage(invite.error)
              : null
          }
        />
        <div className="button-row">
          <button type="button" className="button secondary" onClick={add} disabled={rows.length >= MAX_ROWS}>
            <FormattedMessage id="circle.invite.addPerson" defaultMessage="Add another person" />
          </button>
          <button type="submit" className="button" disabled={invite.isPending}>
            {invite.isPending
              ? intl.formatMessage({ id: 'circle.invite.sending', defaultMessage: 'Sending…' })
              : intl.formatMessage({ id: 'circle.invite.send', defaultMessage: 'Send invitations' })}
          </button>
        </div>
        {rows.length >= MAX_ROWS && (
          <p className="field-hint">
            <FormattedMessage id="circle.invite.max" defaultMessage="You can invite {max} people at a time." values={{ max: MAX_ROWS }} />
          </p>
        )}
      </form>
      <p role="status" className={sent ? 'readers-status' : undefined}>
        {sent}
      </p>
      {notSent.length > 0 && (
        <p className="error-box" role="alert">
          <FormattedMessage
            id="circle.invite.notSent"
            defaultMessage="We could not send the email to {names} just now. {count, plural, one {They are} other {They are all}} on your list below: press “Send again” there to try once more."
            values={{ names: listOfNames(intl, notSent), count: notSent.length }}
          />
        </p>
      )}
    </section>
  );
}
