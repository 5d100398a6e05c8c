// The two examples of packages/client/README.md, run as a developer runs them (a child process with tsx, the site's
// address and a developer token in its environment) against a real server started with startStack
// (docs/decisions/0041-typed-client-and-start-stack.md): the backup's files, and the chapter in the draft.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gradientJpeg } from '../support/photo-fixtures';
import { type SignedInClient, type Stack, startStack } from '../support/start-stack';

const run = promisify(execFile);
const TSX = path.resolve('node_modules/.bin/tsx');
const EXAMPLES = path.resolve('packages/client/examples');

let stack: Stack;
let writer: SignedInClient;
let dir: string;
beforeAll(async () => {
  stack = await startStack();
  writer = await stack.newPerson();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'life-story-examples-'));
});
afterAll(async () => {
  await stack?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** A developer token of the writer's, made as the profile's "Developer access" makes one (ADR 0039). */
async function tokenFor(who: SignedInClient, scopes: Array<'read' | 'write' | 'social'>): Promise<string> {
  const { token, client } = await who.token(scopes);
  expect(token).toMatch(/^lst_/);
  expect((await client.accounts.me.query())?.username).toBe(who.person.username);
  return token;
}

/** Runs an example as `LIFE_STORY_URL=... LIFE_STORY_TOKEN=... tsx <example> <arg>`; its output, or its failure. */
async function example(name: string, token: string, arg: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(TSX, [path.join(EXAMPLES, name), arg], {
      env: { ...process.env, LIFE_STORY_URL: stack.baseUrl, LIFE_STORY_TOKEN: token },
      timeout: 120_000,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

// Each example is a Node process of its own (tsx): seconds each on a busy machine, past the project's 30 s per test.
describe('the client examples against a real server', { timeout: 180_000 }, () => {
  let photo: string;
  beforeAll(async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await gradientJpeg(600, 400))], { type: 'image/jpeg' }), 'farm.jpg');
    const res = await writer.fetch('/uploads/photo', { method: 'POST', body: form });
    expect(res.status).toBe(201);
    photo = ((await res.json()) as { name: string }).name;
    await writer.trpc.stories.publish.mutate({
      title: 'My life',
      text:
        '<p>Where it begins.</p><h2>Growing up</h2><p>On the farm, <em>every</em> summer.</p>' +
        `<figure><img src="/media/${photo}" alt="The farm in 1950"><figcaption>The farm</figcaption></figure>` +
        '<h2>Work</h2><p>At the <a href="https://example.org/mill">mill</a>.</p>',
    });
  });

  it('backup-to-markdown: a README with the chapters, and each page with its headings, photos (alt text and link) and links', async () => {
    const out = path.join(dir, 'backup');
    const result = await example('backup-to-markdown.ts', await tokenFor(writer, ['read']), out);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Backed up "My life"');

    const readme = fs.readFileSync(path.join(out, 'README.md'), 'utf8');
    expect(readme).toMatch(/^# My life\n/);
    expect(readme).toContain('- [Growing up](page-001.md#growing-up) (page 1)');
    expect(readme).toContain('- [Work](page-001.md#work) (page 1)');
    expect(readme).toContain('- [Page 1](page-001.md)');

    const page = fs.readFileSync(path.join(out, 'page-001.md'), 'utf8');
    expect(page).toContain('Where it begins.\n\n## Growing up\n\nOn the farm, _every_ summer.');
    expect(page).toContain(`![The farm in 1950](${stack.baseUrl}/media/${photo})\n_The farm_`);
    expect(page).toContain('## Work\n\nAt the [mill](https://example.org/mill).');
    expect(fs.readdirSync(out).sort()).toEqual(['README.md', 'page-001.md']);
  });

  it('add-chapter-from-markdown: the file becomes a chapter at the end of the draft, which then publishes as one', async () => {
    const file = path.join(dir, 'moving.md');
    fs.writeFileSync(file, '# Moving to the city\n\nWe left in **1962**.\n\n## The flat\n\nIt was small.\n');
    const token = await tokenFor(writer, ['read', 'write']);
    const result = await example('add-chapter-from-markdown.ts', token, file);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Added the chapter "Moving to the city" to your draft');

    // No draft before: it starts from the published story, as the editor does.
    const { draft } = await writer.trpc.drafts.get.query();
    expect(draft?.title).toBe('My life');
    expect(draft?.base_version).toBe(1);
    expect(draft?.text).toMatch(/^<p>Where it begins\.<\/p><h2>Growing up<\/h2>/);
    expect(draft?.text).toContain(
      '<h2>Moving to the city</h2><p>We left in <strong>1962</strong>.</p><h3>The flat</h3><p>It was small.</p>',
    );

    // A second run adds to that draft; a file without a "#" title is named after the file.
    const untitled = path.join(dir, 'Later years.md');
    fs.writeFileSync(untitled, 'Quiet ones.\n');
    expect((await example('add-chapter-from-markdown.ts', token, untitled)).code).toBe(0);
    const after = await writer.trpc.drafts.get.query();
    expect(after.draft?.text).toContain('<h3>The flat</h3><p>It was small.</p><h2>Later years</h2><p>Quiet ones.</p>');

    // Published from the draft, the site's contents list the new chapters (chapters are the text's <h2>s).
    await writer.trpc.stories.publish.mutate({
      title: after.draft!.title,
      text: after.draft!.text,
      base_version: after.draft!.base_version,
      draft_version: after.draft_version,
    });
    const story = await writer.trpc.stories.get.query({ username: writer.person.username });
    expect(story?.chapters.map((c) => c.title)).toEqual(['Growing up', 'Work', 'Moving to the city', 'Later years']);
  });

  it("a revoked token is refused in the site's words", async () => {
    const { token, summary } = await writer.trpc.developerTokens.create.mutate({ name: 'revoked', scopes: ['read'], expiresInDays: null });
    await writer.trpc.developerTokens.revoke.mutate({ id: summary.id });
    const result = await example('backup-to-markdown.ts', token, path.join(dir, 'refused'));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^The site refused: This token is not valid/);
    expect(fs.existsSync(path.join(dir, 'refused'))).toBe(false);
  });

  it('a token of the read scope alone cannot add a chapter: the example fails and the draft is unchanged', async () => {
    const before = await writer.trpc.drafts.get.query();
    const file = path.join(dir, 'refused.md');
    fs.writeFileSync(file, '# Not this one\n');
    const result = await example('add-chapter-from-markdown.ts', await tokenFor(writer, ['read']), file);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      'The site refused: This token may not do this: it needs the "write" permission. Make a token that has it in Developer access.',
    );
    expect(await writer.trpc.drafts.get.query()).toEqual(before);
  });
});
