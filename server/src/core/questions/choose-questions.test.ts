// The one rule that picks questions (docs/decisions/0028-questions-by-life-stage.md).
import { describe, expect, it } from 'vitest';
import { STAGES, type StageId } from '../../contract/questions/stages';
import type { QuestionState } from '../../db/schema';
import { type Candidate, chooseQuestions } from './choose-questions';
import { LIBRARY } from './library';

const choose = (over: { states?: [string, QuestionState][]; covered?: StageId[]; exclude?: string[]; candidates?: Candidate[] } = {}) =>
  chooseQuestions({
    candidates: over.candidates ?? LIBRARY.questions,
    stages: STAGES,
    states: new Map(over.states ?? []),
    coveredStages: new Set(over.covered ?? []),
    exclude: new Set(over.exclude ?? []),
    count: 3,
  });
const ids = (c: { questions: Candidate[] }) => c.questions.map((q) => q.id);

describe('chooseQuestions', () => {
  it('offers a new writer the first question of the first three stages of a life', () => {
    expect(ids(choose())).toEqual(['roots-and-family-001', 'early-childhood-001', 'school-001']);
  });

  it('offers three different stages, and others on "Show me others"', () => {
    const first = choose();
    const next = choose({ exclude: ids(first) });
    expect(ids(next)).toEqual(['growing-up-001', 'work-001', 'love-and-partnership-001']);
    expect(next.wrapped).toBe(false);
  });

  it('prefers stages the story does not cover yet', () => {
    const got = choose({ covered: ['roots-and-family', 'early-childhood', 'school', 'growing-up'] });
    expect(ids(got)).toEqual(['work-001', 'love-and-partnership-001', 'raising-a-family-001']);
    // Every uncovered stage comes before any covered one.
    const all = chooseQuestions({
      candidates: LIBRARY.questions,
      stages: STAGES,
      states: new Map(),
      coveredStages: new Set(['work']),
      count: 500,
    }).questions;
    const firstCovered = all.findIndex((q) => q.stage === 'work');
    expect(all.slice(firstCovered).every((q) => q.stage === 'work')).toBe(true);
  });

  it('never offers an answered or dismissed question; a kept one first', () => {
    const got = choose({
      states: [
        ['roots-and-family-001', 'answered'],
        ['early-childhood-001', 'dismissed'],
        ['later-life-004', 'later'],
      ],
    });
    expect(ids(got)).toEqual(['later-life-004', 'roots-and-family-002', 'early-childhood-002']);
    const everything = chooseQuestions({
      candidates: LIBRARY.questions,
      stages: STAGES,
      states: new Map([
        ['roots-and-family-001', 'answered'],
        ['early-childhood-001', 'dismissed'],
      ]),
      coveredStages: new Set(),
      count: 1000,
    }).questions.map((q) => q.id);
    expect(everything).toHaveLength(LIBRARY.questions.length - 2);
    expect(everything).not.toContain('roots-and-family-001');
    expect(everything).not.toContain('early-childhood-001');
  });

  it('puts questions the family asked before all others', () => {
    const asked: Candidate = { id: 'family-1', stage: 'work', askedBy: 'Anna' };
    expect(ids(choose({ candidates: [...LIBRARY.questions, asked] }))[0]).toBe('family-1');
  });

  it('comes round again once every other question was shown, and says so', () => {
    const few = LIBRARY.questions.slice(0, 4);
    const got = choose({ candidates: few, exclude: few.slice(0, 3).map((q) => q.id) });
    expect(ids(got)).toEqual([few[3]!.id, few[0]!.id, few[1]!.id]);
    expect(got.wrapped).toBe(true);
    expect(choose({ candidates: [], exclude: [] })).toEqual({ questions: [], wrapped: false });
  });
});
