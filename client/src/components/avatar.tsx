import { smallMediaUrl } from '../lib/media';

interface Props {
  image: string | null | undefined;
  username: string;
  firstName?: string | null;
  lastName?: string | null;
  /** Diameter in pixels. */
  size?: number;
  /** Alt text of the picture; empty when a nearby text already names the person. */
  alt?: string;
  /** Extra classes for where it sits (a ring on profile screens, a border in stories). */
  className?: string;
}

/** The first letters of the names, else of the username: a picture-less person still gets a face. */
export function initialsOf(username: string, firstName?: string | null, lastName?: string | null): string {
  const fromNames = [firstName, lastName].map((n) => n?.trim().charAt(0) ?? '').join('');
  return (fromNames || username.slice(0, 2)).toUpperCase();
}

/** A round picture, or the person's initials on a soft disc when there is none (profile, story, comments). */
export function Avatar({ image, username, firstName, lastName, size = 96, alt = '', className = '' }: Props) {
  // Shown at most 112 px wide: the 480 px size covers a 3x screen (docs/decisions/0016-photos.md).
  const src = smallMediaUrl(image);
  const style = { width: size, height: size, fontSize: size * 0.38 };
  if (src) return <img className={`avatar ${className}`} src={src} loading="lazy" alt={alt} width={size} height={size} style={style} />;
  const initials = initialsOf(username, firstName, lastName);
  // Named like the picture would be; without a name (a nearby text says who it is) the letters are decoration.
  if (alt) {
    return (
      <span className={`avatar avatar-initials ${className}`} style={style} role="img" aria-label={alt}>
        {initials}
      </span>
    );
  }
  return (
    <span className={`avatar avatar-initials ${className}`} style={style} aria-hidden="true">
      {initials}
    </span>
  );
}
