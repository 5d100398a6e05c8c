// The story banner on the write screen: the current one, a link to change it, and deleting it. The banner belongs
// to the published story (stories.deleteBanner), not to the draft.
import type { VersionedStory } from '#contract/stories';
import { useId } from 'react';
import { Link } from 'wouter';
import { ErrorBox } from '../../components/error-box';
import { mediaUrl } from '../../lib/media';
import { trpc } from '../../lib/trpc';
import { FormattedMessage, useIntl } from 'react-intl';

export function WriteBanner({ publishedStory, username }: { publishedStory: VersionedStory | null | undefined; username: string }) {
  const utils = trpc.useUtils();
  const labelId = useId();
  const deleteBanner = trpc.stories.deleteBanner.useMutation({
    onSuccess: () => utils.stories.get.invalidate({ username }),
  });
  const banner = mediaUrl(publishedStory?.story_image);
  const intl = useIntl();
  return (
    <section className="write-banner" aria-labelledby={`${labelId}-banner`}>
      <h2 className="field-label" id={`${labelId}-banner`}>
        <FormattedMessage id="write.banner.title" defaultMessage="Story banner" />
      </h2>
      <div className="write-banner-body">
        {banner ? (
          <img
            className="write-banner-thumb"
            src={banner}
            alt={intl.formatMessage({ id: 'write.banner.alt', defaultMessage: "Your story's current banner" })}
          />
        ) : (
          <p className="write-banner-empty muted">
            {publishedStory ? (
              <FormattedMessage id="write.banner.none" defaultMessage="No banner yet." />
            ) : (
              <FormattedMessage id="write.banner.saveFirst" defaultMessage="Save your story first, then add a banner." />
            )}
          </p>
        )}
        <div className="button-row">
          <Link href="/story/banner" className="button secondary">
            <FormattedMessage id="write.banner.change" defaultMessage="Change Story Banner" />
          </Link>
          {banner && (
            <button
              type="button"
              className="button danger"
              onClick={() => {
                const sure = intl.formatMessage({
                  id: 'write.banner.confirmDelete',
                  defaultMessage: "Are you sure you want to delete your story's banner?",
                });
                if (window.confirm(sure)) deleteBanner.mutate();
              }}
              disabled={deleteBanner.isPending}
            >
              {deleteBanner.isPending ? (
                <FormattedMessage id="common.deleting" defaultMessage="Deleting…" />
              ) : (
                <FormattedMessage id="write.banner.delete" defaultMessage="Delete Story Banner" />
              )}
            </button>
          )}
        </div>
      </div>
      <ErrorBox error={deleteBanner.error} />
    </section>
  );
}
