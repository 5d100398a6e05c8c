import { describe, expect, it } from 'vitest';
import { describeGroup, displayName, weekOf } from './describe-group';

const MONDAY = Date.UTC(2026, 10, 23, 0, 0, 0); // Monday 23 November 2026
const DAY = 24 * 60 * 60 * 1000;

describe('weeks', () => {
  it('start on Monday 00:00 UTC', () => {
    expect(weekOf(MONDAY)).toBe(weekOf(MONDAY + 7 * DAY - 1));
    expect(weekOf(MONDAY - 1)).toBe(weekOf(MONDAY) - 1);
  });
});

describe('names', () => {
  it('shows a private person by username only, a public one by names when there are any', () => {
    expect(displayName({ username: 'ann', first_name: 'Ann', last_name: 'Lee', is_private: 1 })).toBe('ann');
    expect(displayName({ username: 'ann', first_name: 'Ann', last_name: 'Lee', is_private: 0 })).toBe('Ann Lee');
    expect(displayName({ username: 'ann', first_name: null, last_name: ' ', is_private: 0 })).toBe('ann');
  });
});

describe('sentences', () => {
  const base = { week: weekOf(MONDAY), storyOwner: 'Maria Garcia' };
  const say = (g: Partial<Parameters<typeof describeGroup>[0]>, now = MONDAY + DAY) =>
    describeGroup({ kind: 'like', people: 1, names: ['Ann'], ...base, ...g }, now);

  it('names one or two people and counts more', () => {
    expect(say({})).toBe('Ann liked your story this week');
    expect(say({ people: 2, names: ['Ann', 'bob'] })).toBe('Ann and bob liked your story this week');
    expect(say({ people: 12, names: [] })).toBe('12 people liked your story this week');
    expect(say({ kind: 'comment', people: 3, names: [] })).toBe('3 people commented on your story this week');
  });

  it('never names who saved', () => {
    expect(say({ kind: 'save', names: [] })).toBe('1 person saved your story this week');
    expect(say({ kind: 'save', people: 3, names: [] })).toBe('3 people saved your story this week');
  });

  it("says whose story a reply is on, and 'their own' for the author", () => {
    expect(say({ kind: 'reply' })).toBe("Ann also commented on Maria Garcia's story this week");
    expect(say({ kind: 'reply', names: ['Maria Garcia'] })).toBe('Maria Garcia also commented on their own story this week');
  });

  it('dates older weeks', () => {
    expect(say({}, MONDAY + 8 * DAY)).toBe('Ann liked your story last week');
    expect(say({}, MONDAY + 15 * DAY)).toBe('Ann liked your story in the week of 23 November 2026');
  });
});
