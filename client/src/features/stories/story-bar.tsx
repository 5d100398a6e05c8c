import type { Ref } from 'react';
import type { Story } from '#contract/stories';
import { PageNavigation } from './page-navigation';
import { type BarPosition, StoryActions, type StoryMarks } from '../social';
import { useIntl } from 'react-intl';

interface Props {
  story: Story;
  marks: StoryMarks;
  isAuthor: boolean;
  pageNumber: number;
  inRange: boolean;
  onGoToPage: (n: number) => void;
  position: BarPosition;
  ref?: Ref<HTMLDivElement>;
}

/**
 * The bar above and below the text: actions and page navigation. At the top the actions come first; at
 * the bottom, where a reader finishes a page, the way on comes first.
 */
export function StoryBar({ story, marks, isAuthor, pageNumber, inRange, onGoToPage, position, ref }: Props) {
  const intl = useIntl();
  const actions = <StoryActions story={story} marks={marks} isAuthor={isAuthor} position={position} />;
  const pager = inRange && (
    <PageNavigation
      page={pageNumber}
      pageCount={story.page_count}
      onGoToPage={onGoToPage}
      label={
        position === 'top'
          ? intl.formatMessage({ id: 'story.pager.top', defaultMessage: 'Story pages' })
          : intl.formatMessage({ id: 'story.pager.bottom', defaultMessage: 'Story pages (bottom)' })
      }
    />
  );
  return (
    // The top bar is where a page turn scrolls to (and where focus lands if the pressed button went away).
    <div className={`story-bar ${position}`} ref={ref} tabIndex={position === 'top' ? -1 : undefined}>
      {position === 'top' ? (
        <>
          {actions}
          {pager}
        </>
      ) : (
        <>
          {pager}
          {actions}
        </>
      )}
    </div>
  );
}
