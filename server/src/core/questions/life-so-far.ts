// "Your life so far" (docs/decisions/0028-questions-by-life-stage.md): which stages the current text covers. A chapter
// counts for a question's stage while its heading still reads as the heading the picker added for that question
// (normalisedHeading); every other chapter is one of the writer's own. Pure: the caller loads the text and answers.
import type { StageId } from '../../contract/questions/stages';
import { type ChapterOutline, normalisedHeading } from './chapters';

export interface AnsweredHeading {
  stage: StageId;
  heading: string;
}

export interface StageCount {
  stage: StageId;
  chapters: number;
  words: number;
}

export interface LifeCounts {
  stages: StageCount[];
  own: { chapters: number; words: number };
  openingWords: number;
}

export function lifeCounts(outline: ChapterOutline, answered: readonly AnsweredHeading[], stages: readonly StageId[]): LifeCounts {
  const stageOf = new Map<string, StageId>();
  for (const a of answered) {
    const key = normalisedHeading(a.heading);
    if (key && !stageOf.has(key)) stageOf.set(key, a.stage);
  }
  const counts = new Map<StageId, StageCount>(stages.map((stage) => [stage, { stage, chapters: 0, words: 0 }]));
  const own = { chapters: 0, words: 0 };
  for (const chapter of outline.chapters) {
    const stage = stageOf.get(normalisedHeading(chapter.heading));
    const into = (stage && counts.get(stage)) || own;
    into.chapters += 1;
    into.words += chapter.words;
  }
  return { stages: [...counts.values()], own, openingWords: outline.openingWords };
}
