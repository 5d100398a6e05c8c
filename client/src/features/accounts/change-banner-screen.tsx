import { PenLine } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import type { Story } from '#contract/stories';
import { ErrorBox } from '../../components/error-box';
import { ImageUploadForm } from '../uploads';
import { Loading } from '../../components/loading';
import { useDocumentTitle } from '../../components/use-document-title';
import { mediaUrl } from '../../lib/media';
import { trpc } from '../../lib/trpc';
import { useSessionUser } from '../../state/session';
import '../../styles/profile.css';
import { FormattedMessage, useIntl } from 'react-intl';

export function ChangeBanner() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'account.banner.title', defaultMessage: 'Change story banner' }));
  // Protected guarantees a signed-in person.
  const username = useSessionUser()?.username ?? '';
  const story = trpc.stories.get.useQuery({ username }, { enabled: username !== '' });
  return (
    <div className="page narrow change-banner-page">
      <p className="eyebrow">
        <FormattedMessage id="story.yourStory" defaultMessage="Your story" />
      </p>
      <h1>
        <FormattedMessage id="account.banner.title" defaultMessage="Change story banner" />
      </h1>
      {story.isPending ? (
        <Loading label={intl.formatMessage({ id: 'account.banner.loading', defaultMessage: 'Loading your story…' })} />
      ) : story.isError ? (
        <ErrorBox error={story.error} />
      ) : story.data === null ? (
        <div className="empty-state no-story">
          <p>
            <FormattedMessage id="account.banner.noStory" defaultMessage="You must create a story first." />
          </p>
          <Link href="/story/write" className="button">
            <PenLine size={17} aria-hidden="true" />
            <FormattedMessage id="story.none.start" defaultMessage="Start Writing Your Story" />
          </Link>
        </div>
      ) : (
        <BannerForm story={story.data} />
      )}
    </div>
  );
}

function BannerForm({ story }: { story: Story }) {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const setBanner = trpc.stories.setBanner.useMutation();
  const current = mediaUrl(story.story_image);

  const save = async (image: string) => {
    await setBanner.mutateAsync({ image });
    await utils.stories.invalidate();
    navigate('/story/write');
  };

  return (
    <div className="card banner-card">
      <p className="banner-for">
        <FormattedMessage
          id="account.banner.for"
          defaultMessage="Banner for <b>{title}</b>"
          values={{
            title: story.title,
            b: (chunks: ReactNode[]) => (
              <strong>
                <bdi>{chunks}</bdi>
              </strong>
            ),
          }}
        />
      </p>
      {current ? (
        <figure className="current-image current-banner">
          <img src={current} alt={intl.formatMessage({ id: 'account.banner.currentAlt', defaultMessage: "Your story's current banner" })} />
          <figcaption className="muted">
            <FormattedMessage id="account.banner.current" defaultMessage="Your current banner." />
          </figcaption>
        </figure>
      ) : (
        <p className="muted">
          <FormattedMessage id="account.banner.none" defaultMessage="Your story has no banner yet. A wide landscape picture works best." />
        </p>
      )}
      <ImageUploadForm
        pickLabel={intl.formatMessage({ id: 'account.banner.pick', defaultMessage: 'Choose a banner image' })}
        saveLabel={intl.formatMessage({ id: 'account.banner.save', defaultMessage: 'Save Banner' })}
        shape="wide"
        onUploaded={save}
      >
        <Link href="/story/write" className="button secondary">
          <FormattedMessage id="common.cancel" defaultMessage="Cancel" />
        </Link>
      </ImageUploadForm>
    </div>
  );
}
