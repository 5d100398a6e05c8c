import { useEffect } from 'react';
import { trpc } from '../lib/trpc';
import { session, signedIn, signedOut } from '../state/session';

/**
 * Asks the server who we are once per load: a stored user whose session ended is forgotten, and a session
 * cookie without a stored user (a new tab) is picked up.
 */
export function SessionSync() {
  const me = trpc.accounts.me.useQuery(undefined, { staleTime: Infinity });
  useEffect(() => {
    if (me.data === null) signedOut();
    else if (me.data && me.data.username !== session.user?.user_info.username) {
      const { age: _age, ...user_info } = me.data;
      signedIn({ user_info });
    }
  }, [me.data]);
  return null;
}
