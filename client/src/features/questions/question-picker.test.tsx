// The write screen's question picker (docs/decisions/0028-questions-by-life-stage.md), against the typed fake server:
// three questions with their stage, "Show me others" sends the shown ones as `exclude`, "Not for me" dismisses,
// choosing adds the chapter and records the answer; and "Your life so far" in words.
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LifeSoFar, SuggestedQuestion } from '#contract/questions';
import { fakeServer } from '../../testing/fake-server';
import { waitFor } from '../../testing/render-hook';
import { buttonNamed, type RenderedNode, renderNode } from '../../testing/render-node';
import { LifeSoFarView, lifeSummary } from './life-so-far';
import { createIntl } from 'react-intl';
import { QuestionPicker } from './question-picker';

let rendered: RenderedNode | null = null;
afterEach(async () => {
  await rendered?.unmount();
  rendered = null;
});

const click = (el: HTMLElement | null) =>
  act(async () => {
    el!.click();
  });

const question = (id: string, text: string, stage_title = 'School days'): SuggestedQuestion => ({
  id,
  stage: 'school',
  stage_title,
  text,
  kept: false,
  asked_by: null,
});
const english = createIntl({ locale: 'en', messages: {} });
const FIRST = [question('a-001', 'Question A?'), question('b-001', 'Question B?'), question('c-001', 'Question C?')];
const OTHERS = [question('d-001', 'Question D?'), question('e-001', 'Question E?'), question('f-001', 'Question F?')];

describe('QuestionPicker', () => {
  it('opens three questions with their stage; Show me others leaves the shown ones out', async () => {
    const server = fakeServer({
      'questions.suggest': (input) => ({ questions: input?.exclude?.length ? OTHERS : FIRST, wrapped: false }),
    });
    rendered = await renderNode(<QuestionPicker ready addChapter={() => true} />);
    const c = rendered.container;
    const toggle = buttonNamed(c, 'Need an idea? Answer a question')!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await click(toggle);
    await waitFor(() => expect(c.textContent).toContain('Question A?'));
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(c.querySelector('section h2')?.textContent).toBe('Questions to start from');
    expect(buttonNamed(c, 'School days Question A?')).not.toBeNull();
    expect(c.querySelectorAll('.question-dismiss')).toHaveLength(3);

    await click(buttonNamed(c, 'Show me others'));
    await waitFor(() => expect(c.textContent).toContain('Question D?'));
    expect(c.textContent).not.toContain('Question A?');
    expect(server.callsTo('questions.suggest').at(-1)).toEqual({ exclude: ['a-001', 'b-001', 'c-001'] });
  });

  it('adds the chosen question as a chapter, records it and closes; Not for me dismisses', async () => {
    const added: string[] = [];
    let dismissed = false;
    const server = fakeServer({
      'questions.suggest': () => ({ questions: dismissed ? FIRST.slice(1) : FIRST, wrapped: false }),
      'questions.dismiss': ({ id }) => {
        dismissed = true;
        return { id, state: 'dismissed' };
      },
      'questions.answer': ({ id }) => ({ id, state: 'answered' }),
      'questions.lifeSoFar': () => LIFE,
    });
    rendered = await renderNode(
      <QuestionPicker
        ready
        addChapter={(title) => {
          added.push(title);
          return true;
        }}
      />,
    );
    const c = rendered.container;
    await click(buttonNamed(c, 'Need an idea? Answer a question'));
    await waitFor(() => expect(c.textContent).toContain('Question A?'));

    const notForMe = c.querySelector<HTMLButtonElement>('.question-dismiss')!;
    expect(notForMe.textContent).toBe('Not for me');
    await click(notForMe);
    await waitFor(() => expect(c.textContent).not.toContain('Question A?'));
    expect(server.callsTo('questions.dismiss')).toEqual([{ id: 'a-001' }]);

    await click(buttonNamed(c, 'School days Question B?'));
    expect(added).toEqual(['Question B?']);
    await waitFor(() => expect(server.callsTo('questions.answer')).toEqual([{ id: 'b-001' }]));
    expect(c.querySelector('section')).toBeNull();
  });

  it('shows who asked a family question; Keep for later keeps it (and any question) first', async () => {
    const asked: SuggestedQuestion = {
      id: 'asked-7',
      stage: null,
      stage_title: 'From your family',
      text: 'Who taught you to swim?',
      kept: false,
      asked_by: 'Anna',
    };
    let kept = false;
    const server = fakeServer({
      'questions.suggest': () => ({ questions: [{ ...asked, kept }, ...FIRST.slice(0, 2)], wrapped: false }),
      'questions.later': ({ id }) => {
        kept = true;
        return { id, state: 'later' };
      },
    });
    rendered = await renderNode(<QuestionPicker ready addChapter={() => true} />);
    const c = rendered.container;
    await click(buttonNamed(c, 'Need an idea? Answer a question'));
    await waitFor(() => expect(c.textContent).toContain('Who taught you to swim?'));
    expect(buttonNamed(c, 'Asked by Anna Who taught you to swim?')).not.toBeNull();
    const keeps = [...c.querySelectorAll<HTMLButtonElement>('.question-keep')];
    expect(keeps.map((b) => b.textContent)).toEqual(['Keep for later', 'Keep for later', 'Keep for later']);
    expect(c.querySelectorAll('.question-dismiss')).toHaveLength(3);
    await click(keeps[0]!);
    await waitFor(() => expect(buttonNamed(c, 'Asked by Anna · Kept for later Who taught you to swim?')).not.toBeNull());
    expect(server.callsTo('questions.later')).toEqual([{ id: 'asked-7' }]);
    // Kept: no second "Keep for later" on it; the focus stays in the panel.
    expect(c.querySelectorAll('.question-keep')).toHaveLength(2);
    expect(document.activeElement?.textContent).toBe('Questions to start from');
  });

  it('does nothing but wait while the editor is starting', async () => {
    fakeServer({});
    rendered = await renderNode(<QuestionPicker ready={false} addChapter={() => false} />);
    expect(buttonNamed(rendered.container, 'Need an idea? Answer a question')?.disabled).toBe(true);
  });
});

const LIFE: LifeSoFar = {
  stages: [
    { stage: 'roots-and-family', title: 'Roots and family', chapters: 1, words: 240 },
    { stage: 'early-childhood', title: 'Early childhood', chapters: 0, words: 0 },
    { stage: 'school', title: 'School days', chapters: 2, words: 1300 },
  ],
  own: { chapters: 1, words: 50 },
  opening_words: 0,
};

describe('LifeSoFarView', () => {
  it('says in words what the picture shows: every stage, chapters and words, or Not written yet', async () => {
    fakeServer({});
    rendered = await renderNode(<LifeSoFarView life={LIFE} />);
    const c = rendered.container;
    const svg = c.querySelector('svg')!;
    expect(svg.getAttribute('role')).toBe('img');
    expect(svg.getAttribute('aria-label')).toBe(lifeSummary(LIFE, english));
    expect(lifeSummary(LIFE, english)).toBe(
      'Your life so far. 2 of 3 stages of your life written: Roots and family, School days. And 1 chapter of your own.',
    );
    const rows = [...c.querySelectorAll('tbody tr')].map((r) => [...r.children].map((cell) => cell.textContent?.trim()));
    expect(rows).toEqual([
      ['1 Roots and family', '1', '240'],
      ['2 Early childhood', 'Not written yet'],
      ['3 School days', '2', '1,300'],
      ['Chapters of your own', '1', '50'],
    ]);
  });
});
