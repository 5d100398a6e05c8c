import type { DehydratedState } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { leaveOutRenderedText, putBackRenderedText } from './story-text-once';

const TEXT = '<h2 id="sevilla">Sevilla</h2><p>Oranges &amp; café con leche — “mi niño”.</p>';

/** A dehydrated cache as entry-server.tsx sends it: the story, its page, and something else. */
function stateWith(html: string): DehydratedState {
  const query = (queryKey: unknown[], data: unknown) =>
    ({
      queryKey,
      queryHash: JSON.stringify(queryKey),
      state: { data, status: 'success', dataUpdatedAt: 1 },
    }) as unknown as DehydratedState['queries'][number];
  return {
    mutations: [],
    queries: [
      query([['stories', 'get'], { input: { username: 'edna' }, type: 'query' }], { title: 'Bread' }),
      query([['stories', 'page'], { input: { username: 'edna', page_number: 1 }, type: 'query' }], { html, page_number: 1, page_count: 2 }),
    ],
  };
}

const pageData = (state: DehydratedState) => state.queries[1]?.state.data as Record<string, unknown>;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the story text once (issue #32)', () => {
  it('leaves out the text the markup shows, and the browser reads it back from the markup', () => {
    const markup = `<main><div class="story-text" data-page-text="">${TEXT}</div></main>`;
    const sent = leaveOutRenderedText(stateWith(TEXT), markup);
    expect(JSON.stringify(sent)).not.toContain('café');
    expect(pageData(sent)).toEqual({ page_number: 1, page_count: 2 });
    expect(sent.queries[0]).toEqual(stateWith(TEXT).queries[0]);

    document.body.innerHTML = markup;
    const back = putBackRenderedText(JSON.parse(JSON.stringify(sent)) as DehydratedState, document);
    expect(pageData(back)).toEqual({ html: TEXT, page_number: 1, page_count: 2 });
  });

  it('keeps a text the markup does not show, and an empty page', () => {
    expect(pageData(leaveOutRenderedText(stateWith(TEXT), '<main>Loading…</main>')).html).toBe(TEXT);
    expect(pageData(leaveOutRenderedText(stateWith(' '), '<main> </main>')).html).toBe(' ');
  });

  it('drops a page whose text is not in the markup, so the screen asks for it', () => {
    const sent = leaveOutRenderedText(stateWith(TEXT), `<div data-page-text="">${TEXT}</div>`);
    document.body.innerHTML = '<main>Something else</main>';
    const back = putBackRenderedText(sent, document);
    expect(back.queries.map((q) => (q.queryKey[0] as string[]).join('.'))).toEqual(['stories.get']);
  });
});
