import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { ListItem } from '#contract/explore';
import { smallMediaUrl } from '../lib/media';
import { storyPath } from '../lib/paths';

type Highlight = NonNullable<ListItem['highlights']>[number];

/**
 * A value with its highlighted stretches wrapped in <mark> (offsets are UTF-16, as JS strings), isolated in
 * <bdi>: a right-to-left title or name must not reorder the text around it ('By', the ' · ').
 */
export function Highlighted({ value, field, highlights }: { value: string; field: Highlight['field']; highlights?: Highlight[] }) {
  const spans = (highlights ?? []).filter((h) => h.field === field).sort((a, b) => a.start - b.start);
  if (spans.length === 0) return <bdi>{value}</bdi>;
  const parts: ReactNode[] = [];
  let at = 0;
  for (const h of spans) {
    if (h.start < at) continue;
    if (h.start > at) parts.push(value.slice(at, h.start));
    parts.push(<mark key={h.start}>{value.slice(h.start, h.start + h.length)}</mark>);
    at = h.start + h.length;
  }
  if (at < value.length) parts.push(value.slice(at));
  return <bdi>{parts}</bdi>;
}

/** One story (or person) in a list: cover when there is one, title, author; the whole row links to page 1. */
export function StoryRow({ item }: { item: ListItem }) {
  const cover = smallMediaUrl(item.image);
  const names = [item.first_name, item.last_name].filter(Boolean).join(' ');
  return (
    <li className="story-row">
      <Link href={storyPath(item.username)}>
        {cover && <img className="story-row-cover" src={cover} alt="" loading="lazy" width={72} height={72} />}
        <span className="story-row-text">
          <span className="story-row-title">
            {item.title ? (
              <Highlighted value={item.title} field="title" highlights={item.highlights} />
            ) : (
              <span className="muted">No story yet</span>
            )}
          </span>
          <span className="story-row-meta">
            By <Highlighted value={item.username} field="username" highlights={item.highlights} />
            {names && (
              <>
                {' · '}
                {item.first_name && <Highlighted value={item.first_name} field="first_name" highlights={item.highlights} />}
                {item.first_name && item.last_name && ' '}
                {item.last_name && <Highlighted value={item.last_name} field="last_name" highlights={item.highlights} />}
              </>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}

export function StoryList({ items, empty, label }: { items: readonly ListItem[]; empty: ReactNode; label?: string }) {
  if (items.length === 0) return <p className="empty-state">{empty}</p>;
  return (
    <ul className="story-list" aria-label={label}>
      {items.map((item) => (
        <StoryRow key={item.username} item={item} />
      ))}
    </ul>
  );
}
