// "Import my data" on the profile (docs/decisions/0035-moving-a-story-between-sites.md): the file is checked first and
// what will come in is shown; only "Bring my story in" imports it; a refusal is the server's one sentence.
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportSummary } from '#contract/data-import';
import { fakeServer } from '../../testing/fake-server';
import { alerts, buttonNamed, click, type RenderedScreen, renderScreen, statuses, textOf } from '../../testing/render-screen';
import { ImportMyData } from './import-my-data';

let rendered: RenderedScreen | null = null;
afterEach(async () => {
  await rendered?.unmount();
  rendered = null;
  vi.unstubAllGlobals();
});

const SUMMARY: ImportSummary = {
  title: 'My life by the sea',
  pages: 12,
  words: 24_180,
  photos: 7,
  revisions: 3,
  has_draft: true,
  from_username: 'maud',
  exported_at: '2026-11-20T10:00:00.000Z',
};

/** The tRPC fake, with the import's address answered by `answer` (each call recorded). */
function importServer(answer: (check: boolean) => { status: number; body: unknown }) {
  fakeServer();
  const trpcFetch = globalThis.fetch;
  const sent: { url: string; file: File | null }[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (!url.startsWith('/account/import-data')) return trpcFetch(url, init);
    sent.push({ url, file: init?.body instanceof FormData ? (init.body.get('file') as File | null) : null });
    const { status, body } = answer(url.endsWith('?check=1'));
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return sent;
}

async function chooseFile(root: HTMLElement, file: File) {
  const input = root.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await vi.waitFor(() => expect(statuses(root)).not.toContain('Reading the file…'));
}

const zip = () => new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], 'life-story-data-maud.zip', { type: 'application/zip' });

describe('Import my data', () => {
  it('shows what will come in, and imports only when she says so', async () => {
    const sent = importServer((check) => ({ status: check ? 200 : 201, body: { summary: SUMMARY } }));
    rendered = await renderScreen(<ImportMyData username="ruth" />);
    const root = rendered.container;
    expect(textOf(root)).toContain('Likes, comments, followers and the people you invited stay on the other site');
    expect(root.querySelector('label.file-button')?.textContent).toBe('Import my data');

    await chooseFile(root, zip());
    expect(sent.map((s) => s.url)).toEqual(['/account/import-data?check=1']);
    expect(sent[0]?.file?.name).toBe('life-story-data-maud.zip');
    const summary = textOf(root.querySelector('.import-summary'));
    for (const part of ['My life by the sea', '12 pages', '24,180 words', '7 photos', '3 versions', 'Yes, your unsaved changes come too']) {
      expect(summary).toContain(part);
    }
    expect(textOf(root)).toContain('@maud');

    await click(buttonNamed(root, 'Bring my story in'));
    await vi.waitFor(() => expect(statuses(root).join(' ')).toContain('Your story is here.'));
    expect(sent.map((s) => s.url)).toEqual(['/account/import-data?check=1', '/account/import-data']);
    expect(root.querySelector('a.button')?.getAttribute('href')).toBe('/story/ruth/page/1');
  });

  it('Cancel goes back to the choice, and nothing is imported', async () => {
    const sent = importServer(() => ({ status: 200, body: { summary: SUMMARY } }));
    rendered = await renderScreen(<ImportMyData username="ruth" />);
    await chooseFile(rendered.container, zip());
    await click(buttonNamed(rendered.container, 'Cancel'));
    expect(rendered.container.querySelector('label.file-button')).not.toBeNull();
    expect(sent).toHaveLength(1);
  });

  it('says the server’s sentence when the file is refused, and lets her choose again', async () => {
    const message = 'Your story here already has words, so nothing was imported: "Import my data" only fills an empty story.';
    importServer(() => ({ status: 409, body: { error: { message } } }));
    rendered = await renderScreen(<ImportMyData username="ruth" />);
    await chooseFile(rendered.container, zip());
    expect(alerts(rendered.container)).toEqual([message]);
    expect(rendered.container.querySelector('label.file-button')).not.toBeNull();
  });

  it('a server failure or a lost connection is a plain sentence too', async () => {
    importServer(() => ({ status: 500, body: { error: { message: 'Internal details' } } }));
    rendered = await renderScreen(<ImportMyData username="ruth" />);
    await chooseFile(rendered.container, zip());
    expect(alerts(rendered.container)).toEqual(['Something went wrong on our side. Nothing was imported. Please try again later.']);
  });
});
