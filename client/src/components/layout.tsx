import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Footer } from './footer';
import { NavBar } from './nav-bar';

/** Every screen but /register and /login: navigation bar, the page, footer. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <div className="layout">
      <a className="skip-link" href="#main">
        <FormattedMessage id="layout.skipLink" defaultMessage="Skip to content" />
      </a>
      <NavBar />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
