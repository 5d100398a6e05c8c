// Story view: /story/{username}/page/{page_number}. Checks the route, then hands over to the screen, keyed by
// author so that moving to another person's story starts afresh (no stale page, comments or errors).
import { Link } from 'wouter';
import { ErrorBox } from '../../components/error-box';
import { StoryScreen } from './story-screen';
import { useDocumentTitle } from '../../components/use-document-title';
import '../../styles/story.css';
import { FormattedMessage, useIntl } from 'react-intl';

/** The server accepts page numbers up to a million; anything else is not a page. */
const MAX_PAGE = 1_000_000;

function parsePage(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d*$/.test(value)) return null;
  const n = Number(value);
  return n <= MAX_PAGE ? n : null;
}

/** The story a route names, or null when its parameters are not a story page (the server renders the same: entry-server.tsx). */
export function storyRoute(id: string | undefined, pageNumber: string | undefined): { username: string; page: number } | null {
  const page = parsePage(pageNumber);
  // Usernames are stored in lower case; the server compares them that way too.
  const username = id?.trim().toLowerCase();
  return username && page !== null ? { username, page } : null;
}

export function StoryView({ id, pageNumber }: { id: string | undefined; pageNumber: string | undefined }) {
  const route = storyRoute(id, pageNumber);
  if (!route) return <InvalidParameters />;
  const { username, page } = route;
  return <StoryScreen key={username} username={username} pageNumber={page} />;
}

function InvalidParameters() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'story.invalidTitle', defaultMessage: 'Invalid parameters' }));
  return (
    <div className="page reading story-view">
      <h1 className="visually-hidden">
        <FormattedMessage id="story.title" defaultMessage="Story" />
      </h1>
      <ErrorBox message="Invalid parameters." />
      <p className="muted">
        <FormattedMessage
          id="story.invalidHelp"
          defaultMessage="Story addresses look like /story/username/page/1. <link>Explore stories</link>"
          values={{ link: (chunks) => <Link href="/explore">{chunks}</Link> }}
        />
      </p>
    </div>
  );
}
