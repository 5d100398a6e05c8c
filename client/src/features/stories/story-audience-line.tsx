// The author's own line on their story page (issue #24): who can read it now, and the ways to change that.
// Only the author's stories.get answer carries the audience, so no one else is ever shown this line.
import { Link } from 'wouter';
import type { Audience } from '#contract/access';

export const PUBLISHED_FOR: Record<Audience, string> = {
  everyone: 'Published: visible to everyone.',
  link: 'Published: visible to people with the link.',
  circle: 'Published: visible only to people you invite.',
  only_me: 'Published: visible only to you.',
};

export function StoryAudienceLine({ audience }: { audience: Audience }) {
  return (
    <p className="story-audience">
      <span>{PUBLISHED_FOR[audience]}</span>{' '}
      <span className="story-audience-links">
        <Link href="/story/write#audience">Change who can read</Link>
        <Link href="/readers">Your readers</Link>
      </span>
    </p>
  );
}
