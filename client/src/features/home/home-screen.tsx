import '../../styles/home.css';
import { AuthorQuote } from './author-quote';
import { FeatureCards } from './feature-cards';
import { Hero } from './hero';
import { TopStories } from './top-stories';
import { useHashTarget } from './use-hash-target';
import { useDocumentTitle } from '../../components/use-document-title';
import { FormattedMessage } from 'react-intl';

export function Home() {
  useDocumentTitle(null);
  useHashTarget();
  return (
    <div className="home">
      <Hero />
      {/* The footer's About link points here. */}
      <section id="about" className="home-about" aria-labelledby="about-title" tabIndex={-1}>
        <div className="home-inner">
          <p className="eyebrow">
            <FormattedMessage id="home.about.eyebrow" defaultMessage="About Life Story" />
          </p>
          <h2 id="about-title">
            <FormattedMessage id="home.about.title" defaultMessage="Every life is worth a book" />
          </h2>
          <p className="home-about-lede">
            <FormattedMessage
              id="home.about.lede"
              defaultMessage="Here each person writes one story: the story of their life, in numbered pages, with a title and a picture if they like. Anyone can read, search and browse; members can like, save and talk about what they read."
            />
          </p>
          <FeatureCards />
        </div>
      </section>
      <div className="home-inner home-lower">
        <TopStories />
        <AuthorQuote />
      </div>
    </div>
  );
}
