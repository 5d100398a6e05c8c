// The Readers screen (/readers): who can read the story now, inviting family and friends by email, the people
// invited, the share link and the followers (issue 24; docs/decisions/0026-who-can-read-a-story.md, 0027-*).
// Signed-in only, and rendered in the browser like the other account screens.
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { Loading } from '../../components/loading';
import { useDocumentTitle } from '../../components/use-document-title';
import { trpc } from '../../lib/trpc';
import { useSessionUser } from '../../state/session';
import { FollowersSection } from './followers-section';
import { InviteForm } from './invite-form';
import { ReaderList } from './reader-list';
import { audienceSentence } from './readers-words';
import { ShareLinkSection } from './share-link-section';
import '../../styles/readers.css';

export function ReadersScreen() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'circle.title', defaultMessage: 'Your readers' });
  useDocumentTitle(title);
  const user = useSessionUser();
  const story = trpc.stories.get.useQuery({ username: user?.username ?? '' }, { enabled: !!user });
  // Before the first publish the story has no row to carry it: the choice kept for that publish.
  const chosen = trpc.stories.audience.useQuery(undefined, { enabled: !!user && story.data === null });
  const audience = (story.data ? story.data.audience : chosen.data?.audience) ?? null;

  return (
    <div className="page narrow readers-page">
      <p className="eyebrow">
        <FormattedMessage id="circle.eyebrow" defaultMessage="Your story" />
      </p>
      <h1>{title}</h1>
      {story.isPending ? (
        <Loading label={intl.formatMessage({ id: 'circle.loadingStory', defaultMessage: 'Loading your story…' })} />
      ) : (
        <div className="readers-audience">
          <p>{audienceSentence(intl, story.isError ? null : audience, story.isError || !!story.data)}</p>
          <p>
            <Link href="/story/write#audience">
              <FormattedMessage id="circle.changeAudience" defaultMessage="Change who can read" />
            </Link>
          </p>
        </div>
      )}
      <InviteForm onlyMe={audience === 'only_me'} />
      <ReaderList />
      <ShareLinkSection />
      <FollowersSection />
    </div>
  );
}
