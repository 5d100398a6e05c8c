import { useQueryClient } from '@tanstack/react-query';
import { Menu, X } from 'lucide-react';
import { useState, type MouseEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { storyPath } from '../lib/paths';
import { trpc } from '../lib/trpc';
import { signedOut, useSessionUser } from '../state/session';
import { BrandMark } from './brand-mark';
import { NotificationBell } from '../features/notifications';
import { FormattedMessage, useIntl } from 'react-intl';

export function NavBar() {
  const user = useSessionUser();
  const [location, navigate] = useLocation();
  // The menu is open on the screen where it was opened: any navigation closes it, with no effect to run.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location;
  const queryClient = useQueryClient();
  const logout = trpc.accounts.logout.useMutation({
    // Signed out either way: a failed logout must not leave the person looking signed in.
    onSettled: () => {
      signedOut();
      queryClient.clear();
      navigate('/');
    },
  });

  // A draft copy on this device goes to the server first, and leaves the device only once the server has it. Its
  // code (and IndexedDB's) comes only then: readers never sign out (docs/decisions/0038-lighter-reader-pages.md).
  const signOut = async () => {
    if (user)
      await import('../features/drafts').then((drafts) => drafts.settleDeviceDraftBeforeLogout(user.username)).catch(() => undefined);
    logout.mutate();
  };

  const yourStory = user ? storyPath(user.username) : '/login';
  // Under /story the story view keeps its own state; a full load starts the author's story afresh.
  const onYourStory = (e: MouseEvent<HTMLAnchorElement>) => {
    if (location.startsWith('/story')) {
      e.preventDefault();
      window.location.assign(yourStory);
    }
  };
  const intl = useIntl();
  const current = (path: string) => (location === path ? 'page' : undefined);
  // Admins see a Moderation link (docs/decisions/0020-moderation.md); the server checks the role on every call.
  const access = trpc.moderation.access.useQuery(undefined, { enabled: !!user, staleTime: 5 * 60_000 });

  return (
    <header className="nav-bar">
      <nav className="nav-inner" aria-label={intl.formatMessage({ id: 'nav.label', defaultMessage: 'Main' })}>
        <Link href="/" className="brand">
          <BrandMark />
          <span>Life Story</span>
        </Link>
        {user && <NotificationBell />}
        <button
          type="button"
          className="icon-button nav-toggle"
          aria-expanded={open}
          aria-controls="nav-links"
          aria-label={
            open
              ? intl.formatMessage({ id: 'nav.closeMenu', defaultMessage: 'Close menu' })
              : intl.formatMessage({ id: 'nav.openMenu', defaultMessage: 'Open menu' })
          }
          onClick={() => setOpenAt(open ? null : location)}
        >
          {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        </button>
        <ul id="nav-links" className={open ? 'nav-links open' : 'nav-links'}>
          <li>
            <Link href="/" aria-current={current('/')}>
              <FormattedMessage id="nav.home" defaultMessage="Home" />
            </Link>
          </li>
          <li>
            <Link href="/explore" aria-current={location.startsWith('/explore') ? 'page' : undefined}>
              <FormattedMessage id="nav.explore" defaultMessage="Explore" />
            </Link>
          </li>
          <li>
            <Link
              href={yourStory}
              onClick={onYourStory}
              aria-current={user && location.startsWith(`/story/${user.username}/`) ? 'page' : undefined}
            >
              <FormattedMessage id="nav.yourStory" defaultMessage="Your Story" />
            </Link>
          </li>
          {user && (
            <li>
              <Link href="/readers" aria-current={current('/readers')}>
                <FormattedMessage id="nav.readers" defaultMessage="Readers" />
              </Link>
            </li>
          )}
          {user && (
            <li>
              <Link href="/profile" aria-current={location.startsWith('/profile') ? 'page' : undefined}>
                <FormattedMessage id="nav.profile" defaultMessage="Profile" />
              </Link>
            </li>
          )}
          {user && access.data?.admin && (
            <li>
              <Link href="/moderation" aria-current={location.startsWith('/moderation') ? 'page' : undefined}>
                <FormattedMessage id="nav.moderation" defaultMessage="Moderation" />
              </Link>
            </li>
          )}
          <li className="nav-session">
            {user ? (
              <button type="button" className="button secondary" onClick={() => void signOut()} disabled={logout.isPending}>
                <FormattedMessage id="nav.logout" defaultMessage="Logout" />
              </button>
            ) : (
              <Link href="/login" className="button">
                <FormattedMessage id="nav.login" defaultMessage="Login" />
              </Link>
            )}
          </li>
        </ul>
      </nav>
    </header>
  );
}
