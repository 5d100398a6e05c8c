// The story banner on the write screen: the current one, a link to change it, and deleting it. The banner belongs
// to the published story (stories.deleteBanner), not to the draft.
import type { VersionedStory } from '#contract/stories';
import { useId } from 'react';
import { Link } from 'wouter';
import { ErrorBox } from '../../components/error-box';
import { mediaUrl } from '../../lib/media';
import { trpc } from '../../lib/trpc';

export function WriteBanner({ publishedStory, username }: { publishedStory: VersionedStory | null | undefined; username: string }) {
  const utils = trpc.useUtils();
  const labelId = useId();
  const deleteBanner = trpc.stories.deleteBanner.useMutation({
    onSuccess: () => utils.stories.get.invalidate({ username }),
  });
  const banner = mediaUrl(publishedStory?.story_image);
  return (
    <section className="write-banner" aria-labelledby={`${labelId}-banner`}>
      <h2 className="field-label" id={`${labelId}-banner`}>
        Story banner
      </h2>
      <div className="write-banner-body">
        {banner ? (
          <img className="write-banner-thumb" src={banner} alt="Your story's current banner" />
        ) : (
          <p className="write-banner-empty muted">{publishedStory ? 'No banner yet.' : 'Save your story first, then add a banner.'}</p>
        )}
        <div className="button-row">
          <Link href="/story/banner" className="button secondary">
            Change Story Banner
          </Link>
          {banner && (
            <button
              type="button"
              className="button danger"
              onClick={() => {
                if (window.confirm("Are you sure you want to delete your story's banner?")) deleteBanner.mutate();
              }}
              disabled={deleteBanner.isPending}
            >
              {deleteBanner.isPending ? 'Deleting…' : 'Delete Story Banner'}
            </button>
          )}
        </div>
      </div>
      <ErrorBox error={deleteBanner.error} />
    </section>
  );
}
