// The question library's shape (docs/decisions/0028-questions-by-life-stage.md): enough questions in every stage,
// ids of the stable shape and never twice, no question asked twice; the Spanish library holds the same ids.
import { describe, expect, it } from 'vitest';
import { QUESTIONS_EN } from './questions.en';
import { QUESTIONS_ES } from './questions.es';
import { QUESTION_ID, STAGES } from './stages';

const { questions, stageTitles } = QUESTIONS_EN;

describe('the English question library', () => {
  it('holds at least 150 questions, at least 10 in every stage', () => {
    expect(questions.length).toBeGreaterThanOrEqual(150);
    for (const stage of STAGES) expect(questions.filter((q) => q.stage === stage).length, stage).toBeGreaterThanOrEqual(10);
  });

  it('gives every stage a title, and knows no other stage', () => {
    expect(Object.keys(stageTitles).sort()).toEqual([...STAGES].sort());
    for (const q of questions) expect(STAGES).toContain(q.stage);
  });

  it('names every question <stage>-<three digits>, its own stage, never twice', () => {
    const ids = questions.map((q) => q.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const q of questions) {
      const match = QUESTION_ID.exec(q.id);
      expect(match?.[1], q.id).toBe(q.stage);
    }
  });

  it('keeps the ids of questions already offered (an answer is stored by id)', () => {
    // A removed question leaves a gap; its number is never given again. Each stage started 001 to 013.
    for (const stage of STAGES) {
      for (let n = 1; n <= 13; n++) {
        const id = `${stage}-${String(n).padStart(3, '0')}`;
        expect(
          questions.some((q) => q.id === id),
          id,
        ).toBe(true);
      }
    }
  });

  it('asks nothing twice, in plain short sentences', () => {
    const texts = questions.map((q) => q.text.toLowerCase().replace(/\W+/g, ' ').trim());
    expect(new Set(texts).size).toBe(texts.length);
    for (const q of questions) {
      expect(q.text.trim(), q.id).toBe(q.text);
      expect(q.text.length, q.id).toBeLessThanOrEqual(120);
      expect(q.text, q.id).toMatch(/[?.]$/);
    }
  });
});

describe('the Spanish question library', () => {
  it('holds the same ids, in the same stages and order, as the English (an answer is stored by id)', () => {
    expect(QUESTIONS_ES.questions.map((q) => [q.id, q.stage])).toEqual(questions.map((q) => [q.id, q.stage]));
    expect(Object.keys(QUESTIONS_ES.stageTitles).sort()).toEqual([...STAGES].sort());
  });

  it('asks nothing twice, in plain short sentences, each its own words', () => {
    const texts = QUESTIONS_ES.questions.map((q) => q.text.toLowerCase());
    expect(new Set(texts).size).toBe(texts.length);
    for (const q of QUESTIONS_ES.questions) {
      expect(q.text.trim(), q.id).toBe(q.text);
      expect(q.text.length, q.id).toBeLessThanOrEqual(120);
      expect(q.text, q.id).toMatch(/[?.]$/);
      // A question opens with "¿" where it ends with "?" (each sentence of it that asks).
      if (q.text.endsWith('?')) expect(q.text.split('¿').length, q.id).toBe(q.text.split('?').length);
      expect(q.text, q.id).not.toBe(questions.find((e) => e.id === q.id)!.text);
    }
    for (const stage of STAGES) expect(QUESTIONS_ES.stageTitles[stage]).not.toBe(stageTitles[stage]);
  });
});
