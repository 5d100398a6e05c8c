import { Link } from 'wouter';
import { storyPath } from '../../lib/paths';
import { useSessionUser } from '../../state/session';
import { FormattedMessage } from 'react-intl';

/** The first thing anyone sees: the landing line and the two ways in (the Home screen). */
export function Hero() {
  const user = useSessionUser();
  const own = user ? storyPath(user.username) : null;
  return (
    <section className="home-hero" aria-labelledby="home-title">
      <div className="home-hero-inner">
        <p className="eyebrow home-hero-eyebrow">Life Story</p>
        <h1 id="home-title" className="home-hero-title">
          <FormattedMessage
            id="home.hero.title"
            defaultMessage="Speak your mind. Tell your truth. <accent>Write your story, here.</accent>"
            values={{ accent: (chunks) => <span className="home-hero-accent">{chunks}</span> }}
          />
        </h1>
        <p className="home-hero-lede">
          <FormattedMessage
            id="home.hero.lede"
            defaultMessage="One story for every life, written a page at a time. Read the lives of others, and tell your own under your name or quietly, without it."
          />
        </p>
        <div className="button-row home-hero-actions">
          <Link href={own ?? '/register'} className="button large">
            <FormattedMessage id="home.hero.start" defaultMessage="Start your journey" />
          </Link>
          <Link href={own ?? '/login'} className="button secondary large home-hero-secondary">
            <FormattedMessage id="home.hero.continue" defaultMessage="Continue your story" />
          </Link>
        </div>
      </div>
    </section>
  );
}
