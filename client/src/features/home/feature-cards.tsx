import { Link } from 'wouter';
import bookIcon from '../../assets/book.svg';
import globeIcon from '../../assets/globe.svg';
import privacyIcon from '../../assets/privacy.svg';
import { storyPath } from '../../lib/paths';
import { useSessionUser } from '../../state/session';
import { useIntl } from 'react-intl';

interface Card {
  title: string;
  href: string;
  icon: string;
  text: string;
}

/** What the site is for, in three cards; each whole card is one link, named by its title. */
export function FeatureCards() {
  const user = useSessionUser();
  const intl = useIntl();
  const cards: Card[] = [
    {
      title: intl.formatMessage({ id: 'home.card.read.title', defaultMessage: 'Read Human Experiences' }),
      href: '/explore',
      icon: globeIcon,
      text: intl.formatMessage({
        id: 'home.card.read.text',
        defaultMessage: 'Wander through lives told in their own words: first homes, hard winters, quiet victories, from people everywhere.',
      }),
    },
    {
      title: intl.formatMessage({ id: 'home.card.write.title', defaultMessage: 'Write Your Story' }),
      href: user ? storyPath(user.username) : '/login',
      icon: bookIcon,
      text: intl.formatMessage({
        id: 'home.card.write.text',
        defaultMessage: 'One story, yours alone, written page by page at your own pace. Come back and add to it whenever life does.',
      }),
    },
    {
      title: intl.formatMessage({ id: 'home.card.private.title', defaultMessage: 'Be Yourself or Be Anonymous' }),
      href: user ? '/profile/edit' : '/login',
      icon: privacyIcon,
      text: intl.formatMessage({
        id: 'home.card.private.text',
        defaultMessage:
          'Write under your own name, or make your account private: readers then see your words, never your name, age or picture.',
      }),
    },
  ];
  return (
    <ul className="home-cards">
      {cards.map((card) => (
        <li key={card.href + card.icon} className="home-card">
          <img className="home-card-icon" src={card.icon} alt="" width={64} height={64} />
          <h3>
            <Link href={card.href} className="home-card-link">
              {card.title}
            </Link>
          </h3>
          <p>{card.text}</p>
        </li>
      ))}
    </ul>
  );
}
