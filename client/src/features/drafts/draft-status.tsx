// The write screen's save status line: visible words that keep up with time, and a polite live region that
// announces each change of state once (draft-status-text.ts).
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { SaveStatus } from './draft-sync';
import { nextAnnouncement, statusText } from './draft-status-text';
import { loginPathReturningTo } from '../../lib/paths';

export function DraftStatus({ status, onRetry }: { status: SaveStatus; onRetry: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (status.kind !== 'saved') return;
    setNow(Date.now());
    const tick = setInterval(() => setNow(Date.now()), 5000);
    return () => clearInterval(tick);
  }, [status]);
  const text = statusText(status, now);
  const said = useRef('');
  said.current = nextAnnouncement(said.current, status);
  const trouble = status.kind === 'offline' || status.kind === 'retrying' || status.kind === 'rejected' || status.kind === 'signed-out';

  return (
    <div className={`draft-status${trouble ? ' draft-status-trouble' : ''}`}>
      <p className="visually-hidden" role="status" aria-live="polite">
        {said.current}
      </p>
      {text && (
        <p className="draft-status-text" aria-hidden="true" data-status={status.kind}>
          {text}
        </p>
      )}
      {status.kind === 'signed-out' && (
        <Link href={loginPathReturningTo('/story/write')} className="button secondary">
          Sign in again
        </Link>
      )}
      {(status.kind === 'retrying' || status.kind === 'offline') && (
        <button type="button" className="button secondary small" onClick={onRetry}>
          Try again now
        </button>
      )}
    </div>
  );
}
