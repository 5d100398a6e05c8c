// Which questions to offer (docs/decisions/0028-questions-by-life-stage.md): the one rule the picker on the write
// screen uses, and the one a weekly email will use for its single question. Pure: the caller loads what it needs.
import type { QuestionState } from '../../db/schema';
import type { StageId } from '../../contract/questions/stages';

export interface Candidate {
  id: string;
  /** null for a question the family asked (it has no stage of life). */
  stage: StageId | null;
  /** Asked by a reader of the writer's circle (a later part); such questions come first. */
  askedBy?: string | null;
}

export interface ChoiceFacts {
  /** Every question that may be offered, in the order the library offers them (within a stage: gentlest first). */
  candidates: readonly Candidate[];
  /** The stages in the order of a life. */
  stages: readonly StageId[];
  /** What the writer did with questions so far (answered and dismissed ones are never offered again). */
  states: ReadonlyMap<string, QuestionState>;
  /** Stages the current text already has a chapter for. */
  coveredStages: ReadonlySet<StageId>;
  /** Questions already shown ("Show me others"): offered only once no other is left. */
  exclude?: ReadonlySet<string>;
  count: number;
}

export interface Choice {
  questions: Candidate[];
  /** Some excluded questions came back: every other one had been shown. */
  wrapped: boolean;
}

/**
 * The next `count` questions to offer. Never an answered or dismissed one. In order: questions the family asked,
 * then ones kept for later, then stages the story does not cover yet, then the rest; within each, one question per
 * stage in turn (the stages in the order of a life, each stage's questions in the library's order), so three
 * questions are three stages. Questions in `exclude` follow all others.
 */
export function chooseQuestions(facts: ChoiceFacts): Choice {
  const stageOrder = new Map(facts.stages.map((s, i) => [s, i]));
  const open = facts.candidates.filter((c) => {
    const state = facts.states.get(c.id);
    return state !== 'answered' && state !== 'dismissed';
  });
  const tier = (c: Candidate) =>
    c.askedBy ? 0 : facts.states.get(c.id) === 'later' ? 1 : c.stage !== null && facts.coveredStages.has(c.stage) ? 3 : 2;
  // The place of each question among the open ones of its stage and tier: the round it is offered in.
  const round = new Map<string, number>();
  const seen = new Map<string, number>();
  for (const c of open) {
    const key = `${tier(c)} ${c.stage}`;
    const n = seen.get(key) ?? 0;
    round.set(c.id, n);
    seen.set(key, n + 1);
  }
  const ranked = open
    .map((c, index) => ({
      c,
      index,
      tier: tier(c),
      round: round.get(c.id)!,
      stage: c.stage === null ? -1 : (stageOrder.get(c.stage) ?? 0),
    }))
    .sort((a, b) => a.tier - b.tier || a.round - b.round || a.stage - b.stage || a.index - b.index)
    .map((r) => r.c);
  const exclude = facts.exclude ?? new Set<string>();
  const fresh = ranked.filter((c) => !exclude.has(c.id));
  const again = ranked.filter((c) => exclude.has(c.id));
  const questions = [...fresh, ...again].slice(0, facts.count);
  return { questions, wrapped: questions.some((c) => exclude.has(c.id)) };
}
