import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useDocumentTitle } from '../components/use-document-title';
import { FormattedMessage, useIntl } from 'react-intl';

const REPORT_PROBLEM = 'mailto:support@lifestory.example?subject=Broken%20link%20on%20Life%20Story';

export function NotFound() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'notFound.title', defaultMessage: 'Page not found' }));
  // The full address once in the browser; the server (entry-server.tsx) renders the path, which hydration keeps.
  const [path] = useLocation();
  const [address, setAddress] = useState(path);
  useEffect(() => setAddress(window.location.href), []);
  return (
    <div className="page narrow not-found">
      <p className="eyebrow">404</p>
      <h1>
        <FormattedMessage id="notFound.heading" defaultMessage="Sorry, we couldn't find the page" />
      </h1>
      <p>
        <FormattedMessage id="notFound.lede" defaultMessage="The page may have moved, or the address may be mistyped. These might help:" />
      </p>
      <ul className="link-list">
        <li>
          <Link href="/">
            <FormattedMessage id="notFound.home" defaultMessage="Go to the home page" />
          </Link>
        </li>
        <li>
          <Link href="/explore">
            <FormattedMessage id="notFound.explore" defaultMessage="Explore stories" />
          </Link>
        </li>
        <li>
          <Link href="/help">
            <FormattedMessage id="notFound.help" defaultMessage="Get help" />
          </Link>
        </li>
        <li>
          <a href={`${REPORT_PROBLEM}&body=${encodeURIComponent(`The page ${address} was not found.`)}`}>
            <FormattedMessage id="notFound.report" defaultMessage="Report a problem" />
          </a>
        </li>
      </ul>
    </div>
  );
}
