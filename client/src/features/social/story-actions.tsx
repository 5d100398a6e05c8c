import { Bookmark, Heart, type LucideIcon } from 'lucide-react';
import { lazy } from 'react';
import type { Story } from '#contract/stories';
import { ErrorBox } from '../../components/error-box';
import { type BarPosition, loadMarking, type StoryMarks } from './use-story-marks';
import { FormattedMessage, useIntl } from 'react-intl';

// The author's buttons: only the author sees them, signed in (never on a server-rendered page), so their code is
// out of the reader's script (docs/decisions/0038-lighter-reader-pages.md). They suspend up to the story screen's
// boundary (story-screen.tsx): shown a moment after the bar, they pushed the pager down under a finger on its way to
// Next Page.
const OwnerActions = lazy(() => import('./author-actions').then((m) => ({ default: m.OwnerActions })));
const DeleteStory = lazy(() => import('./author-actions').then((m) => ({ default: m.DeleteStory })));

/** A like or save button: pressed state for signed-in people, its label saying what a click does, filled when on. */
function MarkToggle(props: {
  kind: 'like' | 'save';
  icon: LucideIcon;
  on: boolean;
  labels: [off: string, on: string];
  marks: StoryMarks;
  pending: boolean;
  onToggle: () => void;
}) {
  const { kind, icon: Icon, on, labels, marks, pending, onToggle } = props;
  const label = on ? labels[1] : labels[0];
  // A signed-in person's press sends it: its code is asked for as the finger or the focus arrives (use-story-marks.ts).
  const soon = marks.signedIn ? () => void loadMarking() : undefined;
  return (
    <button
      type="button"
      className={`icon-button mark-button ${kind}${on ? ' on' : ''}`}
      aria-pressed={marks.signedIn ? on : undefined}
      aria-label={label}
      title={label}
      disabled={!marks.ready || pending}
      onClick={onToggle}
      onPointerDown={soon}
      onFocus={soon}
    >
      <Icon size={21} aria-hidden="true" fill={on ? 'currentColor' : 'none'} />
    </button>
  );
}

/** Like (red heart) and save (amber bookmark) for everyone; Edit, and at the top Delete Story, for the author. */
export function StoryActions({
  story,
  marks,
  isAuthor,
  position,
}: {
  story: Story;
  marks: StoryMarks;
  isAuthor: boolean;
  position: BarPosition;
}) {
  const likes = story.like_count;
  const intl = useIntl();
  const failure = marks.failure?.where === position ? marks.failure.message : null;
  return (
    <div className="story-actions-wrap">
      <div className="story-actions">
        <div className="story-marks">
          <MarkToggle
            kind="like"
            icon={Heart}
            on={marks.liked}
            labels={[
              intl.formatMessage({ id: 'story.like', defaultMessage: 'Like' }),
              intl.formatMessage({ id: 'story.unlike', defaultMessage: 'Unlike' }),
            ]}
            marks={marks}
            pending={marks.likePending}
            onToggle={() => marks.toggleLike(position)}
          />
          <span className="like-count">
            {likes}
            <span className="visually-hidden">
              {' '}
              <FormattedMessage id="story.likes" defaultMessage="{count, plural, one {like} other {likes}}" values={{ count: likes }} />
            </span>
          </span>
          <MarkToggle
            kind="save"
            icon={Bookmark}
            on={marks.bookmarked}
            labels={[
              intl.formatMessage({ id: 'story.bookmark', defaultMessage: 'Save' }),
              intl.formatMessage({ id: 'story.unbookmark', defaultMessage: 'Unsave' }),
            ]}
            marks={marks}
            pending={marks.bookmarkPending}
            onToggle={() => marks.toggleBookmark(position)}
          />
        </div>
        {isAuthor && <OwnerActions username={story.username} position={position} />}
      </div>
      {/* Apart from the other buttons, so a tap meant for Print never lands on it (issue #26). */}
      {isAuthor && position === 'top' && <DeleteStory username={story.username} />}
      <ErrorBox message={failure} />
      {position === 'top' && marks.flagsError && <ErrorBox error={marks.flagsError} />}
    </div>
  );
}
