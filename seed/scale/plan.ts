// The whole data set as plain data, before anything touches the database: people, their stories, likes and
// comments, every instant relative to the anchor. Pure and deterministic: same seed and sizes, same plan.
import { type CommentsPlan, planComments } from './comments';
import { type LikesPlan, type StoryTimes, planLikes, popularity } from './likes';
import { makeUsers, type ScaleUser } from './people';
import { rngFor } from './prng';
import { makeStoryBodies, type StoryBodies } from './story-bodies';
import { SPAN, attentionPace, storyDelay } from './timeline';
import { makeTitle } from './titles';

export interface ScalePlan {
  anchor: number;
  users: ScaleUser[];
  /** Story of user id i + 1: title and body template. */
  titles: string[];
  bodyOf: Int32Array;
  bodies: StoryBodies;
  times: StoryTimes;
  likes: LikesPlan;
  comments: CommentsPlan;
}

export interface PlanSizes {
  users: number;
  likes: number;
  comments: number;
  seed: number;
  anchor: number;
}

export function planStories(sizes: PlanSizes, users: ScaleUser[]) {
  const rng = rngFor(sizes.seed, 'stories');
  const bodies = makeStoryBodies(sizes.seed);
  const n = users.length;
  const titles: string[] = new Array(n);
  const bodyOf = new Int32Array(n);
  const times: StoryTimes = { registeredAt: new Float64Array(n), publishedAt: new Float64Array(n), pace: new Float64Array(n) };
  for (let i = 0; i < n; i++) {
    const u = users[i]!;
    titles[i] = makeTitle(rng, u.firstName);
    bodyOf[i] = bodies.pick(rng);
    times.registeredAt[i] = u.registeredAt;
    // After the profile edit of a private account, as a person would: sign up, set privacy, write.
    const after = u.madePrivateAt ?? u.registeredAt;
    times.publishedAt[i] = Math.min(sizes.anchor, after + storyDelay(rng));
    times.pace[i] = attentionPace(rng);
  }
  return { titles, bodyOf, bodies, times };
}

export function makePlan(sizes: PlanSizes, log: (phase: string) => void = () => undefined): ScalePlan {
  const users = makeUsers(sizes.seed, sizes.users, sizes.anchor - SPAN, sizes.anchor);
  const stories = planStories(sizes, users);
  log('people and stories planned');
  const weights = popularity(sizes.seed, sizes.users);
  const likes = planLikes(sizes.seed, stories.times, weights, sizes.likes, sizes.anchor);
  log('likes planned');
  const comments = planComments(sizes.seed, stories.times, weights, sizes.comments, sizes.anchor);
  log('comments planned');
  return { anchor: sizes.anchor, users, ...stories, likes, comments };
}
