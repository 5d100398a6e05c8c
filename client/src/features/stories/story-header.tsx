import type { Story } from '#contract/stories';
import { mediaSrcSet, mediaUrl } from '../../lib/media';
import { Avatar } from '../../components/avatar';
import { FormattedMessage, useIntl } from 'react-intl';

/**
 * Title, banner and author. A private account shows only its username: no picture, names or age (the
 * server already withholds them from readers; the author sees a reminder of what readers get). What people
 * wrote sits in <bdi>, so that right-to-left text never reorders the words around it.
 */
export function StoryHeader({ story, isAuthor }: { story: Story; isAuthor: boolean }) {
  const banner = mediaUrl(story.story_image);
  const bannerSrcSet = mediaSrcSet(story.story_image) ?? undefined;
  const names = [story.first_name, story.last_name].filter(Boolean).join(' ');
  const showAuthor = !story.is_private;
  const intl = useIntl();
  return (
    <header className="story-header">
      {banner && (
        // Sized like the story's photos (the reading column; server/src/core/stories/photo-html.ts), by size name.
        <img
          className="story-banner"
          src={banner}
          srcSet={bannerSrcSet}
          sizes={bannerSrcSet ? '(max-width: 44rem) 100vw, 42rem' : undefined}
          alt={intl.formatMessage({ id: 'story.bannerAlt', defaultMessage: 'Banner of “{title}”' }, { title: story.title })}
        />
      )}
      {/* Its own direction, as the story's blocks (docs/stories-in-every-language.md): a block with dir="auto" is
          isolated already, and a <bdi> inside would hide its text from that choice. */}
      <h1 className="story-title" dir="auto">
        {story.title}
      </h1>
      <div className="story-author">
        {showAuthor && story.user_image && (
          <Avatar
            image={story.user_image}
            username={story.username}
            size={52}
            alt={intl.formatMessage({ id: 'story.authorPicture', defaultMessage: 'Picture of {name}' }, { name: names || story.username })}
            className="story-avatar"
          />
        )}
        <div className="story-author-text">
          <p className="story-byline">
            <FormattedMessage id="story.by" defaultMessage="By {username}" values={{ username: <bdi>{story.username}</bdi> }} />
          </p>
          {showAuthor && (names || story.age !== null) && (
            <p className="story-author-details">
              {names && <bdi className="story-author-name">{names}</bdi>}
              {names && story.age !== null && <span aria-hidden="true"> · </span>}
              {story.age !== null && (
                <span>
                  <FormattedMessage
                    id="story.age"
                    defaultMessage="{age, plural, one {# year old} other {# years old}}"
                    values={{ age: story.age }}
                  />
                </span>
              )}
            </p>
          )}
          {story.is_private && isAuthor && (
            <p className="story-author-details">
              <FormattedMessage id="story.privateNote" defaultMessage="Your account is private: readers see only your username." />
            </p>
          )}
        </div>
      </div>
    </header>
  );
}
