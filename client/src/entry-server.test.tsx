// A render pass (entry-server.tsx, docs/decisions/0017-server-rendering.md): renderToString when the page is whole
// in one synchronous pass, and React's stream when a boundary would be left to the browser, so that what suspends
// is waited for and what throws is reported, as before.
import { lazy, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { renderPass } from './entry-server';

/** A screen that cannot render on the server. */
function Broken(): never {
  throw new Error('reads window');
}

/** A screen loaded on first use, as app.tsx's lazy screens are. */
const Later = lazy(async () => ({ default: () => <p>Loaded later</p> }));

describe('renderPass', () => {
  it('renders a page that does not suspend', async () => {
    const errors: unknown[] = [];
    const html = await renderPass(
      <main>
        <Suspense fallback={<p>Loading</p>}>
          <h1>Harbour tales</h1>
        </Suspense>
      </main>,
      (e) => void errors.push(e),
    );
    expect(html).toBe('<main><!--$--><h1>Harbour tales</h1><!--/$--></main>');
    expect(errors).toEqual([]);
  });

  it('waits for a screen that suspends instead of sending its fallback', async () => {
    const html = await renderPass(
      <Suspense fallback={<p>Loading</p>}>
        <Later />
      </Suspense>,
      () => undefined,
    );
    expect(html).toContain('Loaded later');
    expect(html).not.toContain('Loading');
  });

  it('reports a screen that throws inside a boundary', async () => {
    const errors: unknown[] = [];
    await renderPass(
      <Suspense fallback={<p>Loading</p>}>
        <Broken />
      </Suspense>,
      (e) => void errors.push(e),
    );
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe('reads window');
  });
});
