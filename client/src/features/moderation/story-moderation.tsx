// Under a story, for signed-in readers who are not its author: report it, or block its author.
import type { Story } from '#contract/stories';
import { BlockPersonButton } from './block-button';
import { ReportButton } from './report-dialog';

export function StoryModeration({ story }: { story: Story }) {
  return (
    <section className="story-moderation" aria-label="Report or block">
      <ReportButton target={{ kind: 'story', story_username: story.username }} label="Report" subject="this story" />
      <BlockPersonButton username={story.username} />
    </section>
  );
}
