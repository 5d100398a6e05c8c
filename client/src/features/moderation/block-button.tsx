// Block or unblock a person (docs/decisions/0020-moderation.md): a blocked person cannot comment on your story, and
// you no longer see their comments. Confirmed first, since it changes what you see.
import { Ban, CircleCheck } from 'lucide-react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { trpc } from '../../lib/trpc';
import { ErrorBox } from '../../components/error-box';

const blockPrompt = (intl: IntlShape, username: string) =>
  intl.formatMessage(
    {
      id: 'moderation.block.confirm',
      defaultMessage: 'Block {username}? They will no longer be able to comment on your story, and you will no longer see their comments.',
    },
    { username },
  );

/** Everything that shows blocked people or their comments is stale after a block or an unblock. */
export function useBlockChanges() {
  const utils = trpc.useUtils();
  return () => {
    void utils.moderation.blockState.invalidate();
    void utils.moderation.blocked.invalidate();
    void utils.social.comments.invalidate();
    void utils.social.commentCount.invalidate();
  };
}

/** "Block <name>" on a comment: once blocked, their comments leave the list (`onBlocked`). */
export function BlockCommenterButton({ username, onBlocked }: { username: string; onBlocked: (username: string) => void }) {
  const intl = useIntl();
  const changed = useBlockChanges();
  const block = trpc.moderation.block.useMutation({
    onSuccess: () => {
      onBlocked(username);
      changed();
    },
  });
  return (
    <>
      <button
        type="button"
        className="button secondary small"
        aria-label={intl.formatMessage({ id: 'moderation.block.named', defaultMessage: 'Block {username}' }, { username })}
        disabled={block.isPending}
        onClick={() => window.confirm(blockPrompt(intl, username)) && block.mutate({ username })}
      >
        <Ban size={16} aria-hidden="true" />
        <FormattedMessage id="moderation.block.button" defaultMessage="Block" />
      </button>
      <ErrorBox error={block.error ?? undefined} />
    </>
  );
}

/** Block / Unblock on a person's story page, with the current state. */
export function BlockPersonButton({ username }: { username: string }) {
  const intl = useIntl();
  const state = trpc.moderation.blockState.useQuery({ username });
  const changed = useBlockChanges();
  const block = trpc.moderation.block.useMutation({ onSuccess: changed });
  const unblock = trpc.moderation.unblock.useMutation({ onSuccess: changed });
  const blocked = state.data?.blocked ?? false;
  const pending = state.isPending || block.isPending || unblock.isPending;
  return (
    <>
      {blocked ? (
        <button type="button" className="button secondary small" disabled={pending} onClick={() => unblock.mutate({ username })}>
          <CircleCheck size={16} aria-hidden="true" />
          <FormattedMessage id="moderation.unblock.named" defaultMessage="Unblock {username}" values={{ username }} />
        </button>
      ) : (
        <button
          type="button"
          className="button secondary small"
          disabled={pending}
          onClick={() => window.confirm(blockPrompt(intl, username)) && block.mutate({ username })}
        >
          <Ban size={16} aria-hidden="true" />
          <FormattedMessage id="moderation.block.named" defaultMessage="Block {username}" values={{ username }} />
        </button>
      )}
      <span className="visually-hidden" role="status">
        {state.isSuccess && blocked
          ? intl.formatMessage({ id: 'moderation.block.done', defaultMessage: 'You have blocked {username}.' }, { username })
          : ''}
      </span>
      <ErrorBox error={block.error ?? unblock.error ?? undefined} />
    </>
  );
}
