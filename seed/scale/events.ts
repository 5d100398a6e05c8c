// The event log the product would have written for the plan, in time order: what register (user_registered),
// editProfile (profile_updated, for the private accounts), publishStory (story_saved), setLike (story_liked) and
// createComment (comment_created) append. Payloads are the exact JSON appendEvent stores (the zod output, keys
// in schema order); actor = payload.user_id, subject = payload.story_user_id ?? actor, as in append-event.ts.
import type { ScalePlan } from './plan';

export interface EventRow {
  type: string;
  actor: number;
  subject: number;
  payload: string;
  at: number;
}

/** Same-instant events keep the order in which the product must have appended them. */
const STREAMS = ['user_registered', 'profile_updated', 'story_saved', 'story_liked', 'comment_created'] as const;

function sortedBy(at: ArrayLike<number>, ids: number[]): Int32Array {
  return Int32Array.from(ids.sort((a, b) => at[a]! - at[b]! || a - b));
}

/**
 * Stories in the order they were published (by time, then author id), as the event stream holds them: the
 * product numbers revisions in that order, so revision i + 1 is the i-th story here.
 */
export function storyPublishOrder(plan: ScalePlan): Int32Array {
  return sortedBy(
    plan.times.publishedAt,
    Array.from({ length: plan.users.length }, (_, i) => i),
  );
}

/** Each story's revision id (index = author id - 1), from storyPublishOrder. */
export function revisionIds(order: Int32Array): Int32Array {
  const ids = new Int32Array(order.length);
  order.forEach((story, rank) => {
    ids[story] = rank + 1;
  });
  return ids;
}

/** Calls `emit` for every event, in seq order (seq = call number, from 1). Returns the count. */
export function forEachEvent(plan: ScalePlan, emit: (e: EventRow) => void): number {
  const { users, titles, bodies, bodyOf, times, likes, comments } = plan;
  const n = users.length;
  const privateAt = new Float64Array(n);
  const privates: number[] = [];
  users.forEach((u, i) => {
    if (u.madePrivateAt !== null) {
      privateAt[i] = u.madePrivateAt;
      privates.push(i);
    }
  });
  const storyOrder = storyPublishOrder(plan);
  const revisionOf = revisionIds(storyOrder);
  const order = [
    Int32Array.from({ length: n }, (_, i) => i), // ids are in registration order already
    sortedBy(privateAt, privates),
    storyOrder,
    sortedBy(
      likes.at,
      Array.from({ length: likes.at.length }, (_, i) => i),
    ),
    Int32Array.from({ length: comments.at.length }, (_, i) => i), // comment ids follow time already
  ];
  const timeOf: Array<(i: number) => number> = [
    (i) => users[i]!.registeredAt,
    (i) => privateAt[i]!,
    (i) => times.publishedAt[i]!,
    (i) => likes.at[i]!,
    (i) => comments.at[i]!,
  ];
  const rowOf: Array<(i: number) => EventRow> = [
    (i) => {
      const u = users[i]!;
      const payload = JSON.stringify({
        user_id: u.id,
        username: u.username,
        first_name: u.firstName,
        last_name: u.lastName,
        is_private: false,
      });
      return { type: STREAMS[0], actor: u.id, subject: u.id, payload, at: u.registeredAt };
    },
    (i) => {
      const u = users[i]!;
      const payload = JSON.stringify({ user_id: u.id, first_name: u.firstName, last_name: u.lastName, is_private: true });
      return { type: STREAMS[1], actor: u.id, subject: u.id, payload, at: privateAt[i]! };
    },
    (i) => {
      const at = times.publishedAt[i]!;
      const pages = bodies.bodies[bodyOf[i]!]!.pages.length;
      const payload = JSON.stringify({ user_id: i + 1, title: titles[i]!, created_at: at, page_count: pages, revision_id: revisionOf[i]! });
      return { type: STREAMS[2], actor: i + 1, subject: i + 1, payload, at };
    },
    (i) => {
      const user = likes.user[i]!;
      const story = likes.story[i]!;
      const at = likes.at[i]!;
      return {
        type: STREAMS[3],
        actor: user,
        subject: story,
        payload: `{"user_id":${user},"story_user_id":${story},"given_at":${at}}`,
        at,
      };
    },
    (i) => {
      const user = comments.user[i]!;
      const story = comments.story[i]!;
      return {
        type: STREAMS[4],
        actor: user,
        subject: story,
        payload: `{"comment_id":${i + 1},"user_id":${user},"story_user_id":${story}}`,
        at: comments.at[i]!,
      };
    },
  ];
  const pos = [0, 0, 0, 0, 0];
  let count = 0;
  for (;;) {
    let best = -1;
    let bestAt = Infinity;
    for (let s = 0; s < STREAMS.length; s++) {
      if (pos[s]! >= order[s]!.length) continue;
      const t = timeOf[s]!(order[s]![pos[s]!]!);
      if (t < bestAt) {
        bestAt = t;
        best = s;
      }
    }
    if (best < 0) return count;
    emit(rowOf[best]!(order[best]![pos[best]!]!));
    pos[best]! += 1;
    count++;
  }
}
