import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { ErrorBox } from '../error-box';
import { trpc } from '../../lib/trpc';
import { signedOut } from '../../state/session';

export const DELETE_ACCOUNT_PROMPT = 'Are you sure you want to delete your account?';

/** Account deletion, set apart from the everyday form: confirm, delete, then sign out and go home. */
export function DangerZone() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const remove = trpc.accounts.deleteAccount.useMutation({
    onSuccess: () => {
      // Leave the protected screen first, so it does not bounce to /login when the session goes.
      navigate('/', { replace: true });
      signedOut();
      queryClient.clear();
    },
  });

  const onDelete = () => {
    if (window.confirm(DELETE_ACCOUNT_PROMPT)) remove.mutate();
  };

  return (
    <section className="danger-zone" aria-labelledby="danger-zone-title">
      <h2 id="danger-zone-title">Danger zone</h2>
      <p className="muted">
        Deleting your account removes your story, its pages, your comments, likes and saved stories for good. This cannot be undone.
      </p>
      <ErrorBox message={remove.error ? 'Failed to delete account.' : null} />
      <button type="button" className="button danger" onClick={onDelete} disabled={remove.isPending}>
        {remove.isPending ? 'Deleting…' : 'Delete Account'}
      </button>
    </section>
  );
}
