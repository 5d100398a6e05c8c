// Photos in stories through the real HTTP surface (issue #12, docs/decisions/0016-photos.md): the stored shape,
// the reader's shape with srcset, third-party images dropped, 200 photos per story, and which uploads the
// purge keeps.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeUnusedUploads } from '../../server/src/core/uploads/purge-unused-uploads';
import { DAY, FakeClock } from '../support/fake-clock';
import { gradientJpeg } from '../support/photo-fixtures';
import { makeTestApp, signedInPerson, type TestApp, type TestClient } from '../support/test-app';

const SIZES = '(max-width: 44rem) 100vw, 42rem';

async function uploadPhoto(client: TestClient, width = 2000, height = 1500): Promise<{ name: string; width: number; height: number }> {
  const f = new FormData();
  f.append('file', new Blob([new Uint8Array(await gradientJpeg(width, height))], { type: 'image/jpeg' }), 'p.jpg');
  const res = await client.post('/uploads/photo', f);
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${res.text}`);
  return res.body;
}

const figure = (name: string, alt: string, caption?: string, dims = '') =>
  `<figure><img src="/media/${name}" alt="${alt}"${dims}>${caption === undefined ? '' : `<figcaption>${caption}</figcaption>`}</figure>`;

describe('photos in a story', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(async () => t.close());

  it('stores the editor shape with width/height from the upload, drops third-party images, and serves readers srcset', async () => {
    const me = await signedInPerson(t);
    const photo = await uploadPhoto(me.client);
    const small = await uploadPhoto(me.client, 800, 600);
    const text =
      `<p>Our farm.</p>${figure(photo.name, 'The farm in 1950', 'The farm, <em>1950</em>', ' width="1" height="1"')}` +
      `<figure><img src="https://tracker.example/pixel.jpg" alt="remote"><figcaption>Remote</figcaption></figure>` +
      `<p><img src="https://cdn.example.com/a.jpg" alt="x">Still here.</p>${figure(small.name, '')}`;
    const saved = await me.client.post('/trpc/stories.publish', { title: 'Photos', text });
    expect(saved.status).toBe(200);

    // The author's editing read: the stored shape, corrected dimensions, no remote image anywhere.
    const story = (await me.client.get(`/trpc/stories.get?input=${encodeURIComponent(JSON.stringify({ username: me.username }))}`)).body
      .result.data;
    expect(story.text).toBe(
      `<p>Our farm.</p><figure><img src="/media/${photo.name}" alt="The farm in 1950" width="2000" height="1500"><figcaption>The farm, <em>1950</em></figcaption></figure>` +
        `<p>Remote</p><p>Still here.</p><figure><img src="/media/${small.name}" alt="" width="800" height="600"></figure>`,
    );

    // A reader's page: picture, WebP source and JPEG img with the sizes that exist, the first photo eager.
    const page = await t
      .client()
      .get(`/trpc/stories.page?input=${encodeURIComponent(JSON.stringify({ username: me.username, page_number: 1 }))}`);
    expect(page.status).toBe(200);
    const html: string = page.body.result.data.html;
    const stem = photo.name.slice(0, 32);
    expect(html).toContain(
      `<figure class="story-photo"><picture><source type="image/webp" srcset="/media/${stem}-480.webp 480w, /media/${stem}-960.webp 960w, /media/${stem}-1600.webp 1600w" sizes="${SIZES}">` +
        `<img src="/media/${stem}-960.jpg" srcset="/media/${stem}-480.jpg 480w, /media/${stem}-960.jpg 960w, /media/${stem}-1600.jpg 1600w" sizes="${SIZES}" width="2000" height="1500" alt="The farm in 1950" fetchpriority="high" decoding="async" data-full="/media/${photo.name}"></picture>` +
        `<figcaption dir="auto">The farm, <em>1950</em></figcaption></figure>`,
    );
    const smallStem = small.name.slice(0, 32);
    // 800 px wide: only the 480 size exists, and the original is the top candidate.
    expect(html).toContain(`srcset="/media/${smallStem}-480.jpg 480w, /media/${small.name} 800w"`);
    expect(html).toContain('loading="lazy" decoding="async"');
    expect(html).not.toContain('tracker.example');
    expect(html).not.toContain('cdn.example.com');
    // Every size the page names is served.
    for (const url of new Set(html.match(/\/media\/[a-f0-9]{32}(?:-\d+)?\.(?:webp|jpg)/g))) {
      expect((await t.app.request(`http://localhost${url}`)).status, url).toBe(200);
    }
  });

  it('refuses more than 200 photos at draft save and at publish, on both transports, with a field message', async () => {
    const me = await signedInPerson(t);
    const photo = await uploadPhoto(me.client, 300, 200);
    const text = figure(photo.name, '').repeat(214);
    const message = 'A story can hold at most 200 photos. This one has 214.';
    const draft = await me.client.post('/trpc/drafts.autosave', { title: 'Many', text, base_version: 0, draft_version: 0 });
    expect(draft.status).toBe(400);
    expect(draft.body.error.message).toBe(message);
    expect(draft.body.error.data.fieldErrors).toEqual({ text: message });
    const publish = await me.client.post('/trpc/stories.publish', { title: 'Many', text });
    expect(publish.status).toBe(400);
    expect(publish.body.error.message).toBe(message);
    const rest = await me.client.post('/api/stories/save', { title: 'Many', text });
    expect(rest.status).toBe(400);
    expect(rest.body.message).toBe(message);
    expect(rest.body.fields).toEqual({ text: message });
    // 200 are fine.
    const ok = await me.client.post('/trpc/stories.publish', { title: 'Many', text: figure(photo.name, '').repeat(200) });
    expect(ok.status).toBe(200);
    expect(ok.body.result.data.page_count).toBe(14); // 15 photos to a page
  });
});

describe('purging photos', () => {
  it('keeps photos of the published story, the draft and kept revisions, and removes the rest with their sizes', async () => {
    const clock = new FakeClock();
    const t = await makeTestApp({ clock });
    try {
      const me = await signedInPerson(t);
      const [inStory, inDraft, inRevision, unused] = [
        await uploadPhoto(me.client),
        await uploadPhoto(me.client),
        await uploadPhoto(me.client),
        await uploadPhoto(me.client),
      ];
      const save = (text: string) => me.client.post('/trpc/stories.publish', { title: 'Mine', text });
      expect((await save(figure(inRevision.name, 'old'))).status).toBe(200); // kept as revision 1
      expect((await save(figure(inStory.name, 'now'))).status).toBe(200);
      const draft = await me.client.post('/trpc/drafts.autosave', {
        title: 'Mine',
        text: figure(inStory.name, 'now') + figure(inDraft.name, 'next'),
        base_version: 2,
        draft_version: 2,
      });
      expect(draft.status).toBe(200);

      const exists = async (name: string) => (await t.app.request(`http://localhost/media/${name}`)).status === 200;
      const sizeOf = (name: string) => `${name.slice(0, 32)}-960.webp`;

      clock.advance(DAY + 1);
      expect(await purgeUnusedUploads(t.deps)).toBe(1);
      for (const kept of [inStory, inDraft, inRevision]) {
        expect(await exists(kept.name), kept.name).toBe(true);
        expect(await exists(sizeOf(kept.name))).toBe(true);
      }
      expect(await exists(unused.name)).toBe(false);
      expect(await exists(sizeOf(unused.name))).toBe(false);
      expect(await exists(`${unused.name.slice(0, 32)}-480.jpg`)).toBe(false);

      // Deleting the story keeps its revisions (it can be undone), and so their photos.
      expect((await me.client.post('/trpc/stories.delete', { story_username: me.username })).status).toBe(200);
      expect(await purgeUnusedUploads(t.deps)).toBe(0);
      expect(await exists(inStory.name)).toBe(true);

      // Deleting the account removes every photo and size.
      expect((await me.client.post('/trpc/accounts.deleteAccount', { current_password: me.password })).status).toBe(200);
      for (const gone of [inStory, inDraft, inRevision]) {
        expect(await exists(gone.name)).toBe(false);
        expect(await exists(sizeOf(gone.name))).toBe(false);
      }
      expect(await t.deps.db.selectFrom('uploads').select('name').execute()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
