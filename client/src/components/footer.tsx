import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { LanguageSwitcher } from './language-switcher';
import type { ReactNode } from 'react';

const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

export function Footer() {
  const intl = useIntl();
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <p className="footer-pitch">
          <FormattedMessage
            id="footer.pitch"
            defaultMessage="<b>Life Story</b> is a quiet place to write the story only you can tell, one page at a time, and to read the lives of others."
            values={{ b: strong }}
          />
        </p>
        <nav aria-label={intl.formatMessage({ id: 'footer.label', defaultMessage: 'Footer' })}>
          <ul className="footer-links">
            <li>
              <Link href="/#about">
                <FormattedMessage id="footer.about" defaultMessage="About" />
              </Link>
            </li>
            <li>
              <Link href="/help">
                <FormattedMessage id="footer.help" defaultMessage="Help" />
              </Link>
            </li>
            <li>
              {/* A full navigation: the server sends /legal on to the configured page. */}
              <a href="/legal">
                <FormattedMessage id="footer.legal" defaultMessage="Legal" />
              </a>
            </li>
          </ul>
        </nav>
        <LanguageSwitcher />
        <p className="footer-copy">© {new Date().getFullYear()} Life Story</p>
      </div>
    </footer>
  );
}
