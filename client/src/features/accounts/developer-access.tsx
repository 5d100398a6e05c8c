// "Developer access" in the profile (docs/decisions/0039-personal-access-tokens.md): personal access tokens for a
// program the person trusts. Most people never need one, so the section says so first, in plain words. The list
// (name, what it may do, last use, end, Revoke asked in place), and a form behind "Make a token" (name, what it may
// do, when it ends); a new token is shown once, in a read-only field with Copy.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { TOKEN_SCOPES, type CreatedToken, type TokenScope, type TokenSummary } from '#contract/developer-tokens';
import { ErrorBox } from '../../components/error-box';
import { Loading } from '../../components/loading';
import { TextField } from '../../components/text-field';
import { useDates } from '../../lib/i18n';
import { errorMessage, fieldErrors } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import '../../styles/developer-access.css';

/** What each permission allows: in full in the form, in short in the list. */
/** What each permission allows: in full in the form, in short in the list. */
const SCOPE_LABELS = defineMessages({
  read: { id: 'account.token.scope.read', defaultMessage: 'Read your story, your drafts and your profile' },
  write: { id: 'account.token.scope.write', defaultMessage: 'Write your story and drafts (save, publish, add chapters and photos)' },
  social: { id: 'account.token.scope.social', defaultMessage: 'Like, save, comment on and follow stories' },
});
const SCOPE_SHORT = defineMessages({
  read: { id: 'account.token.scopeShort.read', defaultMessage: 'Read' },
  write: { id: 'account.token.scopeShort.write', defaultMessage: 'Write your story' },
  social: { id: 'account.token.scopeShort.social', defaultMessage: 'Likes, saves, comments, follows' },
});

type Expiry = '7' | '30' | '90' | '365' | 'never';
const EXPIRIES = defineMessages({
  '7': { id: 'account.token.expiry.7', defaultMessage: 'In 7 days' },
  '30': { id: 'account.token.expiry.30', defaultMessage: 'In 30 days' },
  '90': { id: 'account.token.expiry.90', defaultMessage: 'In 90 days' },
  '365': { id: 'account.token.expiry.365', defaultMessage: 'In a year' },
  never: { id: 'account.token.expiry.never', defaultMessage: 'Never (until you revoke it)' },
});
const EXPIRY_CHOICES: Expiry[] = ['7', '30', '90', '365', 'never'];

export function DeveloperAccess() {
  const intl = useIntl();
  const id = useId();
  const utils = trpc.useUtils();
  const list = trpc.developerTokens.list.useQuery();
  const [made, setMade] = useState<CreatedToken | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [status, setStatus] = useState('');
  const openButton = useRef<HTMLButtonElement>(null);

  const onMade = (created: CreatedToken) => {
    setMade(created);
    setFormOpen(false);
    setStatus('');
    utils.developerTokens.list.setData(undefined, (old) => [created.summary, ...(old ?? [])]);
  };

  const tokens = list.data ?? [];
  return (
    <section className="card developer-access" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <FormattedMessage id="account.token.title" defaultMessage="Developer access" />
      </h2>
      <div className="developer-access-intro">
        <p>
          <FormattedMessage
            id="account.token.intro"
            defaultMessage="<b>Most people never need this.</b> A token lets a computer program you trust, such as a script a relative wrote to keep a copy of your story, use your account without your password."
            values={{ b: (chunks: ReactNode[]) => <strong>{chunks}</strong> }}
          />
        </p>
        <p>
          <FormattedMessage
            id="account.token.safety"
            defaultMessage="Keep a token as safe as a password: whoever has it can do what you allowed, until it ends or you revoke it. A token can never change your email address or password, or delete your account."
          />
        </p>
      </div>

      {made && <NewToken created={made} onDone={() => setMade(null)} />}

      <h3 className="developer-access-subtitle">
        <FormattedMessage id="account.token.list" defaultMessage="Your tokens" />
      </h3>
      {list.isPending ? (
        <Loading label={intl.formatMessage({ id: 'account.token.loading', defaultMessage: 'Loading your tokens…' })} />
      ) : list.isError ? (
        <ErrorBox error={list.error} />
      ) : tokens.length === 0 ? (
        <p className="empty-state">
          <FormattedMessage id="account.token.none" defaultMessage="You have no tokens." />
        </p>
      ) : (
        <ul className="token-list">
          {tokens.map((t) => (
            <TokenItem
              key={t.id}
              token={t}
              onRevoked={(name) =>
                setStatus(
                  intl.formatMessage(
                    { id: 'account.token.revoked', defaultMessage: '“{name}” is revoked. Programs using it can no longer get in.' },
                    { name },
                  ),
                )
              }
            />
          ))}
        </ul>
      )}
      <p role="status" className={status ? 'notice notice-success' : undefined}>
        {status}
      </p>

      {formOpen ? (
        <MakeTokenForm
          onMade={onMade}
          onCancel={() => {
            setFormOpen(false);
            requestAnimationFrame(() => openButton.current?.focus());
          }}
        />
      ) : (
        <div className="button-row">
          <button
            ref={openButton}
            type="button"
            className="button secondary"
            onClick={() => {
              setStatus('');
              setFormOpen(true);
            }}
          >
            <FormattedMessage id="account.token.open" defaultMessage="Make a token" />
          </button>
        </div>
      )}
    </section>
  );
}

/** The new token, once: a read-only field to copy it from, and the sentence that it will not be shown again. */
function NewToken({ created, onDone }: { created: CreatedToken; onDone: () => void }) {
  const intl = useIntl();
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState('');
  useEffect(() => field.current?.focus(), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.token);
      setCopied(intl.formatMessage({ id: 'account.token.copied', defaultMessage: 'Token copied.' }));
    } catch {
      // No clipboard (an old browser, or permission refused): the token is selected for the person to copy.
      field.current?.focus();
      field.current?.select();
      setCopied(
        intl.formatMessage({
          id: 'account.token.selected',
          defaultMessage: 'The token is selected: copy it with your device’s Copy command.',
        }),
      );
    }
  };
  return (
    <section className="new-token" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="new-token-title">
        <FormattedMessage id="account.token.new" defaultMessage="Your new token “{name}”" values={{ name: created.summary.name }} />
      </h3>
      <p>
        <FormattedMessage id="account.token.copyNow" defaultMessage="Copy it now and keep it somewhere safe. It will not be shown again." />
      </p>
      <div className="field">
        <label htmlFor={`${id}-token`}>
          <FormattedMessage id="account.token.token" defaultMessage="Token" />
        </label>
        {/* A text area, so that the whole token shows on a phone, over two lines if need be. */}
        <textarea
          ref={field}
          id={`${id}-token`}
          className="new-token-value"
          readOnly
          rows={2}
          value={created.token}
          onFocus={(e) => e.currentTarget.select()}
          spellCheck={false}
          autoComplete="off"
        />
      </div>
      <div className="button-row">
        <button type="button" className="button" onClick={() => void copy()}>
          <FormattedMessage id="account.token.copy" defaultMessage="Copy token" />
        </button>
        <button type="button" className="button secondary" onClick={onDone}>
          <FormattedMessage id="account.token.copiedDone" defaultMessage="I have copied it" />
        </button>
      </div>
      <p role="status">{copied}</p>
    </section>
  );
}

function TokenItem({ token, onRevoked }: { token: TokenSummary; onRevoked: (name: string) => void }) {
  const intl = useIntl();
  const dates = useDates();
  const utils = trpc.useUtils();
  const [confirming, setConfirming] = useState(false);
  const revokeButton = useRef<HTMLButtonElement>(null);
  const revoke = trpc.developerTokens.revoke.useMutation({
    onSuccess: () => {
      utils.developerTokens.list.setData(undefined, (old) => old?.filter((x) => x.id !== token.id));
      onRevoked(token.name);
    },
  });
  const now = Date.now();
  const ended = token.expiresAt !== null && token.expiresAt <= now;
  return (
    <li className="token-item">
      <div className="token-about">
        <p className="token-name">
          <bdi>{token.name}</bdi>
          {ended && (
            <span className="token-ended">
              {' '}
              <FormattedMessage id="account.token.ended" defaultMessage="(ended)" />
            </span>
          )}
        </p>
        <div className="token-may">
          <span id={`token-may-${token.id}`}>
            <FormattedMessage id="account.token.mayDo" defaultMessage="May do:" />
          </span>
          <ul className="token-scopes" aria-labelledby={`token-may-${token.id}`}>
            {token.scopes.map((s) => (
              <li key={s}>{intl.formatMessage(SCOPE_SHORT[s])}</li>
            ))}
          </ul>
        </div>
        <p className="muted">
          {token.lastUsedAt === null ? (
            <FormattedMessage id="account.token.notUsed" defaultMessage="Not used yet." />
          ) : (
            <FormattedMessage
              id="account.token.lastUsed"
              defaultMessage="Last used {when}."
              values={{ when: dates.dateTime(token.lastUsedAt) }}
            />
          )}{' '}
          {token.expiresAt === null ? (
            <FormattedMessage id="account.token.neverEnds" defaultMessage="Never ends." />
          ) : ended ? (
            <FormattedMessage
              id="account.token.endedOn"
              defaultMessage="Ended on {date}."
              values={{ date: dates.longDate(token.expiresAt) }}
            />
          ) : (
            <FormattedMessage
              id="account.token.endsOn"
              defaultMessage="Ends on {date}."
              values={{ date: dates.longDate(token.expiresAt) }}
            />
          )}
        </p>
        <p className="muted">
          <FormattedMessage
            id="account.token.startsWith"
            defaultMessage="Starts with <code>lst_{hint}</code>"
            values={{ hint: token.hint, code: (chunks: ReactNode[]) => <code className="token-hint">{chunks}</code> }}
          />
        </p>
      </div>
      {confirming ? (
        <RevokeConfirmation
          name={token.name}
          busy={revoke.isPending}
          onRevoke={() => revoke.mutate({ id: token.id })}
          onCancel={() => {
            setConfirming(false);
            revoke.reset();
            requestAnimationFrame(() => revokeButton.current?.focus());
          }}
        />
      ) : (
        <div className="button-row">
          <button
            ref={revokeButton}
            type="button"
            className="button danger"
            onClick={() => setConfirming(true)}
            aria-label={intl.formatMessage({ id: 'account.token.revokeNamed', defaultMessage: 'Revoke {name}' }, { name: token.name })}
          >
            <FormattedMessage id="account.token.revoke" defaultMessage="Revoke" />
          </button>
        </div>
      )}
      <ErrorBox message={revoke.isError ? errorMessage(revoke.error) : null} />
    </li>
  );
}

/** Asked in place, focus on "Keep it" (the safe choice); the group's label is the sentence, read with it. */
function RevokeConfirmation({
  name,
  busy,
  onRevoke,
  onCancel,
}: {
  name: string;
  busy: boolean;
  onRevoke: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  return (
    <fieldset className="token-confirm" aria-labelledby={id}>
      <p id={id}>
        <FormattedMessage
          id="account.token.revokeConfirm"
          defaultMessage="Revoke “{name}”? Programs using it stop working at once."
          values={{ name }}
        />
      </p>
      <div className="button-row">
        <button type="button" className="button token-revoke-yes" onClick={onRevoke} disabled={busy}>
          {busy ? (
            <FormattedMessage id="account.token.revoking" defaultMessage="Revoking…" />
          ) : (
            <FormattedMessage id="account.token.revokeYes" defaultMessage="Yes, revoke" />
          )}
        </button>
        <button ref={cancel} type="button" className="button secondary" onClick={onCancel}>
          <FormattedMessage id="account.token.keep" defaultMessage="Keep it" />
        </button>
      </div>
    </fieldset>
  );
}

function MakeTokenForm({ onMade, onCancel }: { onMade: (created: CreatedToken) => void; onCancel: () => void }) {
  const intl = useIntl();
  const id = useId();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>(['read']);
  const [expiry, setExpiry] = useState<Expiry>('30');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const create = trpc.developerTokens.create.useMutation({ onSuccess: onMade });
  const nameField = useRef<HTMLDivElement>(null);
  useEffect(() => nameField.current?.querySelector('input')?.focus(), []);
  const server = fieldErrors(create.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = intl.formatMessage({ id: 'account.token.nameRequired', defaultMessage: 'Give the token a name.' });
    if (scopes.length === 0)
      found.scopes = intl.formatMessage({
        id: 'account.token.scopeRequired',
        defaultMessage: 'Choose at least one thing the token may do.',
      });
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    create.mutate({ name: name.trim(), scopes, expiresInDays: expiry === 'never' ? null : (Number(expiry) as 7 | 30 | 90 | 365) });
  };
  const scopeError = problems.scopes ?? server.scopes;
  return (
    <form className="form make-token" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="developer-access-subtitle">
        <FormattedMessage id="account.token.open" defaultMessage="Make a token" />
      </h3>
      <div ref={nameField}>
        <TextField
          label={intl.formatMessage({ id: 'account.token.name', defaultMessage: 'Name' })}
          value={name}
          maxLength={60}
          onChange={(e) => setName(e.target.value)}
          error={problems.name ?? server.name}
          hint={intl.formatMessage({
            id: 'account.token.nameHint',
            defaultMessage: 'So you know which program uses it, for example “Backup script”.',
          })}
          autoComplete="off"
        />
      </div>
      <fieldset aria-describedby={scopeError ? `${id}-scopes-error` : undefined}>
        <legend className="field-label">
          <FormattedMessage id="account.token.scopes" defaultMessage="What it may do" />
        </legend>
        {TOKEN_SCOPES.map((s) => (
          <label key={s} className="token-check">
            <input
              type="checkbox"
              name={s}
              checked={scopes.includes(s)}
              onChange={(e) => setScopes((old) => (e.target.checked ? [...old, s] : old.filter((x) => x !== s)))}
            />
            <span>{intl.formatMessage(SCOPE_LABELS[s])}</span>
          </label>
        ))}
        {scopeError && (
          <p id={`${id}-scopes-error`} className="field-error">
            {scopeError}
          </p>
        )}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-expiry`}>
          <FormattedMessage id="account.token.expiry" defaultMessage="When it ends" />
        </label>
        <select id={`${id}-expiry`} value={expiry} onChange={(e) => setExpiry(e.target.value as Expiry)}>
          {EXPIRY_CHOICES.map((x) => (
            <option key={x} value={x}>
              {intl.formatMessage(EXPIRIES[x])}
            </option>
          ))}
        </select>
      </div>
      <ErrorBox error={Object.keys(server).length > 0 ? undefined : create.error} />
      <div className="button-row">
        <button type="submit" className="button" disabled={create.isPending}>
          {create.isPending ? (
            <FormattedMessage id="account.token.making" defaultMessage="Making it…" />
          ) : (
            <FormattedMessage id="account.token.make" defaultMessage="Make token" />
          )}
        </button>
        <button type="button" className="button secondary" onClick={onCancel}>
          <FormattedMessage id="common.cancel" defaultMessage="Cancel" />
        </button>
      </div>
    </form>
  );
}
