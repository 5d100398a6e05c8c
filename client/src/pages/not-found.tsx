import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useDocumentTitle } from '../components/use-document-title';

const REPORT_PROBLEM = 'mailto:support@lifestory.example?subject=Broken%20link%20on%20Life%20Story';

export function NotFound() {
  useDocumentTitle('Page not found');
  // The full address once in the browser; the server (entry-server.tsx) renders the path, which hydration keeps.
  const [path] = useLocation();
  const [address, setAddress] = useState(path);
  useEffect(() => setAddress(window.location.href), []);
  return (
    <div className="page narrow not-found">
      <p className="eyebrow">404</p>
      <h1>Sorry, we couldn't find the page</h1>
      <p>The page may have moved, or the address may be mistyped. These might help:</p>
      <ul className="link-list">
        <li>
          <Link href="/">Go to the home page</Link>
        </li>
        <li>
          <Link href="/explore">Explore stories</Link>
        </li>
        <li>
          <Link href="/help">Get help</Link>
        </li>
        <li>
          <a href={`${REPORT_PROBLEM}&body=${encodeURIComponent(`The page ${address} was not found.`)}`}>Report a problem</a>
        </li>
      </ul>
    </div>
  );
}
