// Chapters of a story's HTML and which stages they cover (docs/decisions/0028-questions-by-life-stage.md).
import { describe, expect, it } from 'vitest';
import { STAGES } from '../../contract/questions/stages';
import { chaptersOf, normalisedHeading } from './chapters';
import { lifeCounts } from './life-so-far';

describe('chaptersOf', () => {
  it('starts a chapter at each h2 and counts its words up to the next, the heading not counted', () => {
    const html =
      '<p>Before it all.</p><h2>Where were you born?</h2><p>In Leeds, in winter.</p><h3>The house</h3><p>Small.</p>' +
      '<h2>My  <em>first</em> job</h2><ul><li>Shop girl</li></ul><h2>Empty</h2>';
    expect(chaptersOf(html)).toEqual({
      openingWords: 3,
      chapters: [
        { heading: 'Where were you born?', words: 7 },
        { heading: 'My first job', words: 2 },
        { heading: 'Empty', words: 0 },
      ],
    });
    expect(chaptersOf('')).toEqual({ openingWords: 0, chapters: [] });
  });

  it('finds the chapters the reader’s contents list: an empty h2 is none, its words stay in the chapter before', () => {
    const html = '<p>Hello.</p><h2> </h2><p>Still the opening.</p><h2>School</h2><p>Chalk.</p><h2><br></h2><p>More chalk.</p>';
    expect(chaptersOf(html)).toEqual({ openingWords: 4, chapters: [{ heading: 'School', words: 3 }] });
  });

  it('compares headings whatever their case, spacing, curly quotes and closing punctuation', () => {
    expect(normalisedHeading('  What was your MOTHER   like? ')).toBe(normalisedHeading('what was your mother like'));
    expect(normalisedHeading('Your children’s names…')).toBe("your children's names");
    expect(normalisedHeading('My mother')).not.toBe(normalisedHeading('What was your mother like?'));
  });
});

describe('lifeCounts', () => {
  it('counts a chapter for a question’s stage while its heading still reads the same, and the rest as the writer’s own', () => {
    const outline = chaptersOf(
      '<p>Hello there.</p><h2>What is the very first thing you can remember?</h2><p>A red ball.</p>' +
        '<h2>The war</h2><p>It was long and cold.</p>' +
        '<h2>what was your first proper job</h2><p>Typing.</p>',
    );
    const got = lifeCounts(
      outline,
      [
        { stage: 'early-childhood', heading: 'What is the very first thing you can remember?' },
        { stage: 'work', heading: 'What was your very first proper job?' },
        { stage: 'work', heading: 'What was your first proper job?' },
      ],
      STAGES,
    );
    expect(got.stages).toHaveLength(STAGES.length);
    expect(got.stages.find((s) => s.stage === 'early-childhood')).toEqual({ stage: 'early-childhood', chapters: 1, words: 3 });
    expect(got.stages.find((s) => s.stage === 'work')).toEqual({ stage: 'work', chapters: 1, words: 1 });
    expect(got.stages.filter((s) => s.chapters === 0)).toHaveLength(STAGES.length - 2);
    expect(got.own).toEqual({ chapters: 1, words: 5 });
    expect(got.openingWords).toBe(2);
  });
});
