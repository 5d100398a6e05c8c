import { PenLine } from 'lucide-react';
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

export function ChangeBanner() {
  useDocumentTitle('Change story banner');
  // Protected guarantees a signed-in person.
  const username = useSessionUser()?.username ?? '';
  const story = trpc.stories.get.useQuery({ username }, { enabled: username !== '' });
  return (
    <div className="page narrow change-banner-page">
      <p className="eyebrow">Your story</p>
      <h1>Change story banner</h1>
      {story.isPending ? (
        <Loading label="Loading your story…" />
      ) : story.isError ? (
        <ErrorBox error={story.error} />
      ) : story.data === null ? (
        <div className="empty-state no-story">
          <p>You must create a story first.</p>
          <Link href="/story/write" className="button">
            <PenLine size={17} aria-hidden="true" />
            Start Writing Your Story
          </Link>
        </div>
      ) : (
        <BannerForm story={story.data} />
      )}
    </div>
  );
}

function BannerForm({ story }: { story: Story }) {
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
        Banner for{' '}
        <strong>
          <bdi>{story.title}</bdi>
        </strong>
      </p>
      {current ? (
        <figure className="current-image current-banner">
          <img src={current} alt="Your story's current banner" />
          <figcaption className="muted">Your current banner.</figcaption>
        </figure>
      ) : (
        <p className="muted">Your story has no banner yet. A wide landscape picture works best.</p>
      )}
      <ImageUploadForm pickLabel="Choose a banner image" saveLabel="Save Banner" shape="wide" onUploaded={save}>
        <Link href="/story/write" className="button secondary">
          Cancel
        </Link>
      </ImageUploadForm>
    </div>
  );
}
