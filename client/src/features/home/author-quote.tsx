import { FormattedMessage } from 'react-intl';

/** Why this place exists, in a better writer's words (from her 1969 memoir). */
export function AuthorQuote() {
  return (
    <figure className="home-quote">
      <blockquote>
        <p>
          <FormattedMessage id="home.quote" defaultMessage="There is no greater agony than bearing an untold story inside you." />
        </p>
      </blockquote>
      <figcaption>
        <span className="home-quote-author">Maya Angelou</span>
        <cite>I Know Why the Caged Bird Sings</cite>
      </figcaption>
    </figure>
  );
}
