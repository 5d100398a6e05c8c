import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { loginPathReturningTo } from '../lib/paths';
import { trpc } from '../lib/trpc';
import { useSessionUser } from '../state/session';
import { Loading } from './loading';

/** Signed-in only: others go to /login, which brings them back here afterwards. */
export function Protected({ children }: { children: ReactNode }) {
  const user = useSessionUser();
  const [location] = useLocation();
  const search = useSearch();
  // A new tab has the session cookie but nothing stored yet: wait for the server's answer (SessionSync
  // asks the same query and signs the person in) before deciding to send them away.
  const me = trpc.accounts.me.useQuery(undefined, { staleTime: Infinity, enabled: !user });
  if (user) return <>{children}</>;
  if (me.isPending || me.data) return <Loading />;
  return <Redirect to={loginPathReturningTo(search ? `${location}?${search}` : location)} replace />;
}
