// Under a story, for signed-in readers who are not its author: report it, or block its author.
import { useIntl } from 'react-intl';
import type { Story } from '#contract/stories';
import { BlockPersonButton } from './block-button';
import { ReportButton } from './report-dialog';

export function StoryModeration({ story }: { story: Story }) {
  const intl = useIntl();
  return (
    <section
      className="story-moderation"
      aria-label={intl.formatMessage({ id: 'moderation.story.label', defaultMessage: 'Report or block' })}
    >
      <ReportButton
        target={{ kind: 'story', story_username: story.username }}
        subject={intl.formatMessage({ id: 'moderation.subject.story', defaultMessage: 'this story' })}
      />
      <BlockPersonButton username={story.username} />
    </section>
  );
}
