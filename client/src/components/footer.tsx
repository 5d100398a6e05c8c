import { Link } from 'wouter';

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <p className="footer-pitch">
          <strong>Life Story</strong> is a quiet place to write the story only you can tell, one page at a time, and to read the lives of
          others.
        </p>
        <nav aria-label="Footer">
          <ul className="footer-links">
            <li>
              <Link href="/#about">About</Link>
            </li>
            <li>
              <Link href="/help">Help</Link>
            </li>
            <li>
              {/* A full navigation: the server sends /legal on to the configured page. */}
              <a href="/legal">Legal</a>
            </li>
          </ul>
        </nav>
        <p className="footer-copy">© {new Date().getFullYear()} Life Story</p>
      </div>
    </footer>
  );
}
