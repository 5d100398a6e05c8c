// "Developer access" in the profile (docs/decisions/0039-personal-access-tokens.md): personal access tokens for a
// program the person trusts. Most people never need one, so the section says so first, in plain words. The list
// (name, what it may do, last use, end, Revoke asked in place), and a form behind "Make a token" (name, what it may
// do, when it ends); a new token is shown once, in a read-only field with Copy.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { TOKEN_SCOPES, type CreatedToken, type TokenScope, type TokenSummary } from '#contract/developer-tokens';
import { ErrorBox } from '../../components/error-box';
import { Loading } from '../../components/loading';
import { TextField } from '../../components/text-field';
import { formatDateTime, formatLongDate } from '../../lib/dates';
import { errorMessage, fieldErrors } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import '../../styles/developer-access.css';

/** What each permission allows: in full in the form, in short in the list. */
export const SCOPE_WORDS: Record<TokenScope, { label: string; short: string }> = {
  read: { label: 'Read your story, your drafts and your profile', short: 'Read' },
  write: { label: 'Write your story and drafts (save, publish, add chapters and photos)', short: 'Write your story' },
  social: { label: 'Like, save, comment on and follow stories', short: 'Likes, saves, comments, follows' },
};

type Expiry = '7' | '30' | '90' | '365' | 'never';
const EXPIRIES: { value: Expiry; label: string }[] = [
  { value: '7', label: 'In 7 days' },
  { value: '30', label: 'In 30 days' },
  { value: '90', label: 'In 90 days' },
  { value: '365', label: 'In a year' },
  { value: 'never', label: 'Never (until you revoke it)' },
];

function endWords(t: TokenSummary, now: number): string {
  if (t.expiresAt === null) return 'Never ends.';
  return t.expiresAt <= now ? `Ended on ${formatLongDate(t.expiresAt)}.` : `Ends on ${formatLongDate(t.expiresAt)}.`;
}

export function DeveloperAccess() {
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
      <h2 id={`${id}-title`}>Developer access</h2>
      <div className="developer-access-intro">
        <p>
          <strong>Most people never need this.</strong> A token lets a computer program you trust, such as a script a relative wrote to keep
          a copy of your story, use your account without your password.
        </p>
        <p>
          Keep a token as safe as a password: whoever has it can do what you allowed, until it ends or you revoke it. A token can never
          change your email address or password, or delete your account.
        </p>
      </div>

      {made && <NewToken created={made} onDone={() => setMade(null)} />}

      <h3 className="developer-access-subtitle">Your tokens</h3>
      {list.isPending ? (
        <Loading label="Loading your tokens…" />
      ) : list.isError ? (
        <ErrorBox error={list.error} />
      ) : tokens.length === 0 ? (
        <p className="empty-state">You have no tokens.</p>
      ) : (
        <ul className="token-list">
          {tokens.map((t) => (
            <TokenItem
              key={t.id}
              token={t}
              onRevoked={(name) => setStatus(`“${name}” is revoked. Programs using it can no longer get in.`)}
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
            Make a token
          </button>
        </div>
      )}
    </section>
  );
}

/** The new token, once: a read-only field to copy it from, and the sentence that it will not be shown again. */
function NewToken({ created, onDone }: { created: CreatedToken; onDone: () => void }) {
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState('');
  useEffect(() => field.current?.focus(), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.token);
      setCopied('Token copied.');
    } catch {
      // No clipboard (an old browser, or permission refused): the token is selected for the person to copy.
      field.current?.focus();
      field.current?.select();
      setCopied('The token is selected: copy it with your device’s Copy command.');
    }
  };
  return (
    <section className="new-token" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="new-token-title">
        Your new token “{created.summary.name}”
      </h3>
      <p>Copy it now and keep it somewhere safe. It will not be shown again.</p>
      <div className="field">
        <label htmlFor={`${id}-token`}>Token</label>
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
          Copy token
        </button>
        <button type="button" className="button secondary" onClick={onDone}>
          I have copied it
        </button>
      </div>
      <p role="status">{copied}</p>
    </section>
  );
}

function TokenItem({ token, onRevoked }: { token: TokenSummary; onRevoked: (name: string) => void }) {
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
          {ended && <span className="token-ended"> (ended)</span>}
        </p>
        <div className="token-may">
          <span id={`token-may-${token.id}`}>May do:</span>
          <ul className="token-scopes" aria-labelledby={`token-may-${token.id}`}>
            {token.scopes.map((s) => (
              <li key={s}>{SCOPE_WORDS[s].short}</li>
            ))}
          </ul>
        </div>
        <p className="muted">
          {token.lastUsedAt === null ? 'Not used yet.' : `Last used ${formatDateTime(token.lastUsedAt)}.`} {endWords(token, now)}
        </p>
        <p className="muted">
          Starts with <code className="token-hint">lst_{token.hint}</code>
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
            aria-label={`Revoke ${token.name}`}
          >
            Revoke
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
      <p id={id}>Revoke “{name}”? Programs using it stop working at once.</p>
      <div className="button-row">
        <button type="button" className="button token-revoke-yes" onClick={onRevoke} disabled={busy}>
          {busy ? 'Revoking…' : 'Yes, revoke'}
        </button>
        <button ref={cancel} type="button" className="button secondary" onClick={onCancel}>
          Keep it
        </button>
      </div>
    </fieldset>
  );
}

function MakeTokenForm({ onMade, onCancel }: { onMade: (created: CreatedToken) => void; onCancel: () => void }) {
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
    if (!name.trim()) found.name = 'Give the token a name.';
    if (scopes.length === 0) found.scopes = 'Choose at least one thing the token may do.';
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    create.mutate({ name: name.trim(), scopes, expiresInDays: expiry === 'never' ? null : (Number(expiry) as 7 | 30 | 90 | 365) });
  };
  const scopeError = problems.scopes ?? server.scopes;
  return (
    <form className="form make-token" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="developer-access-subtitle">
        Make a token
      </h3>
      <div ref={nameField}>
        <TextField
          label="Name"
          value={name}
          maxLength={60}
          onChange={(e) => setName(e.target.value)}
          error={problems.name ?? server.name}
          hint="So you know which program uses it, for example “Backup script”."
          autoComplete="off"
        />
      </div>
      <fieldset aria-describedby={scopeError ? `${id}-scopes-error` : undefined}>
        <legend className="field-label">What it may do</legend>
        {TOKEN_SCOPES.map((s) => (
          <label key={s} className="token-check">
            <input
              type="checkbox"
              name={s}
              checked={scopes.includes(s)}
              onChange={(e) => setScopes((old) => (e.target.checked ? [...old, s] : old.filter((x) => x !== s)))}
            />
            <span>{SCOPE_WORDS[s].label}</span>
          </label>
        ))}
        {scopeError && (
          <p id={`${id}-scopes-error`} className="field-error">
            {scopeError}
          </p>
        )}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-expiry`}>When it ends</label>
        <select id={`${id}-expiry`} value={expiry} onChange={(e) => setExpiry(e.target.value as Expiry)}>
          {EXPIRIES.map((x) => (
            <option key={x.value} value={x.value}>
              {x.label}
            </option>
          ))}
        </select>
      </div>
      <ErrorBox error={Object.keys(server).length > 0 ? undefined : create.error} />
      <div className="button-row">
        <button type="submit" className="button" disabled={create.isPending}>
          {create.isPending ? 'Making it…' : 'Make token'}
        </button>
        <button type="button" className="button secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
