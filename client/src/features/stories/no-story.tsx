import { Link } from 'wouter';

/** The person has no story (or no such person): the author is invited to start, others are told so. */
export function NoStory({ username, isAuthor }: { username: string; isAuthor: boolean }) {
  return (
    <div className="page reading story-view">
      <div className="story-none">
        {isAuthor ? (
          <>
            <h1>You haven't written a story yet!</h1>
            <p className="muted">Your life, in your words, one page at a time. Begin with a title and a first memory.</p>
            <Link href="/story/write" className="button large">
              Start Writing Your Story
            </Link>
          </>
        ) : (
          <>
            <h1>{username} hasn't written a story yet!</h1>
            <p className="muted">
              Come back later, or <Link href="/explore">explore other stories</Link>.
            </p>
          </>
        )}
      </div>
    </div>
  );
}
