// "Import a document" (issue #27): choose a file, see the preview and the report, then add it or replace the draft;
// a refusal shows the server's sentence and leaves the draft alone.
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UploadError } from '../../lib/errors';
import { buttonNamed } from '../../testing/render-screen';
import { type RenderedNode, renderNode } from '../../testing/render-node';
import { DOCUMENT_ENDPOINT, ImportDocument } from './import-document';

let rendered: RenderedNode | null = null;
afterEach(async () => {
  await rendered?.unmount();
  rendered = null;
  vi.unstubAllGlobals();
});

const click = (b: HTMLElement | null) => act(async () => b?.click());

async function pick(c: HTMLElement, file: File) {
  const input = c.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => input.dispatchEvent(new Event('change', { bubbles: true })));
  await act(async () => new Promise((r) => setTimeout(r, 0)));
}

const PREVIEW = {
  html: '<h2>Childhood</h2><p>I was born in <strong>Leeds</strong>.</p>',
  report: ['2 footnotes were added at the end, under "Notes".', '1 photo has no description yet; you can add one in your draft.'],
  word_count: 1234,
  photos: 1,
};

describe('Import a document', () => {
  it('shows the preview with its report, then adds it to the end of the draft', async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify(PREVIEW), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onImport = vi.fn(async () => undefined);
    rendered = await renderNode(<ImportDocument onImport={onImport} />);
    const c = rendered.container;
    await click(buttonNamed(c, 'Import a document'));
    expect(c.querySelector('input[type="file"]')?.getAttribute('accept')).toBe('.docx,.md,.markdown,.txt,.html,.htm');

    await pick(c, new File(['x'], 'My life.docx'));
    expect(fetchMock).toHaveBeenCalledWith(DOCUMENT_ENDPOINT, expect.objectContaining({ method: 'POST' }));
    expect(c.textContent).toContain('My life.docx: 1,234 words and 1 photo. This is how it will look in your draft.');
    expect([...c.querySelectorAll('.import-document-report li')].map((li) => li.textContent)).toEqual(PREVIEW.report);
    expect(c.querySelector('.import-document-preview')?.innerHTML).toBe(PREVIEW.html);

    await click(buttonNamed(c, 'Add to the end of my draft'));
    expect(onImport).toHaveBeenCalledWith(PREVIEW.html, 'append');
    // Done: the panel closes.
    expect(buttonNamed(c, 'Import a document')).not.toBeNull();
    expect(c.querySelector('.import-document')).toBeNull();
  });

  it('"Replace my draft" replaces; a refusal of it is shown and the preview stays', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(PREVIEW), { status: 200 })),
    );
    const onImport = vi.fn().mockRejectedValueOnce(new UploadError('This draft was changed in another tab or on another device.', 409));
    rendered = await renderNode(<ImportDocument onImport={onImport} />);
    const c = rendered.container;
    await click(buttonNamed(c, 'Import a document'));
    await pick(c, new File(['x'], 'notes.md'));
    await click(buttonNamed(c, 'Replace my draft'));
    expect(onImport).toHaveBeenCalledWith(PREVIEW.html, 'replace');
    expect(c.querySelector('[role="alert"]')?.textContent).toBe('This draft was changed in another tab or on another device.');
    expect(buttonNamed(c, 'Replace my draft')).not.toBeNull();
  });

  it("shows the server's one sentence for a bad file, and lets the writer choose another", async () => {
    const message = 'This document is protected with a password. Open it in Word, remove the password, save it, and try again.';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: { message } }), { status: 422 })),
    );
    const onImport = vi.fn();
    rendered = await renderNode(<ImportDocument onImport={onImport} />);
    const c = rendered.container;
    await click(buttonNamed(c, 'Import a document'));
    await pick(c, new File(['x'], 'secret.docx'));
    expect(c.querySelector('[role="alert"]')?.textContent).toBe(message);
    expect(c.textContent).toContain('Choose a document');
    expect(onImport).not.toHaveBeenCalled();
  });

  it('a lost connection gets a sentence too', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    rendered = await renderNode(<ImportDocument onImport={vi.fn()} />);
    const c = rendered.container;
    await click(buttonNamed(c, 'Import a document'));
    await pick(c, new File(['x'], 'a.txt'));
    expect(c.querySelector('[role="alert"]')?.textContent).toBe('The document could not be sent. Check your connection, then try again.');
  });
});
