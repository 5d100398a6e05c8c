// "Import my data": a "Download my data" zip from any site running this product becomes the signed-in person's story,
// with its revisions, draft, kept drafts and photos, when their story here is still empty (never a merge). Likes, comments,
// followers and circle members are other people's and stay behind. docs/decisions/0035-moving-a-story-between-sites.md.
import { z } from 'zod';
import type { Audience } from '../../contract/access';
import type { ImportSummary } from '../../contract/data-import';
import { AppError } from '../../contract/errors';
import { LIMITS } from '../../contract/limits';
import { storyContentInput } from '../../contract/stories';
import { writeTransaction } from '../../db/transaction';
import { draftHead, writeDraft } from '../drafts/draft-state';
import { revisionPieces, storeRevisionText } from '../drafts/revision-text';
import { appendEvent } from '../events/append-event';
import type { CoreDeps, SignedInActor } from '../shared/core-deps';
import { limitRate } from '../shared/rate-limit';
import { countWords } from '../stories/html-text';
import { photoMapFor, refuseTooManyPhotos, refuseTooManyPhotosInDraft } from '../stories/story-photos';
import { acceptUpload } from '../uploads/accept-upload';
import { imageQueue } from '../uploads/image-queue';
import { deleteBlobs, forgetUnreferenced } from '../uploads/owned-upload';
import {
  draftFile,
  EXPORT_FORMAT,
  EXPORT_FORMAT_VERSION,
  keptDraftsFile,
  profileFile,
  revisionsFile,
  storyFile,
  uploadsFile,
} from './export-schema';
import { IMPORT_LIMITS, IMPORT_MESSAGES, type ImportLimits, openExportZip } from './read-export-zip';

export const NOT_EMPTY = 'Your story here already has words, so nothing was imported: "Import my data" only fills an empty story.';
export const NEWER_FORMAT = (version: number) =>
  `This data export is from a newer version of Life Story (format ${version}) than this site knows, so nothing was imported.`;
export const PHOTO_UNREADABLE = 'A photo in this data export could not be read as a picture, so nothing was imported.';
export const NO_SPACE = 'The photos in this data export need more space than you have left on this site, so nothing was imported.';
export const TEXT_TOO_LARGE = 'A text in this data export is larger than a story may be on this site, so nothing was imported.';
export const NOTHING_TO_IMPORT = 'This data export holds no story, draft or revision, so there is nothing to import.';

/** An imported story is read by its author alone until she chooses otherwise: its readers stayed on the old site. */
export const IMPORTED_AUDIENCE: Audience = 'only_me';

interface ExportData {
  profile: z.infer<typeof profileFile>;
  story: z.infer<typeof storyFile>;
  draft: z.infer<typeof draftFile>;
  revisions: z.infer<typeof revisionsFile>;
  /** Drafts "Replace my draft" kept (docs/decisions/0033-import-a-document.md); none in an export made before them. */
  keptDrafts: z.infer<typeof keptDraftsFile>;
  uploads: z.infer<typeof uploadsFile>;
}

const formatHead = z.object({ format: z.literal(EXPORT_FORMAT), format_version: z.number().int() });
const MEDIA_PATH = /\/(media|public\/uploads)\/([a-f0-9]{32}\.(?:jpg|png))/g;

/** Whether the person's story is empty: no published story, no revision, no draft with words. */
async function isEmpty(db: CoreDeps['db'], userId: number): Promise<boolean> {
  const story = await db.selectFrom('stories').select('user_id').where('user_id', '=', userId).executeTakeFirst();
  if (story) return false;
  const revision = await db.selectFrom('story_revisions').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst();
  if (revision) return false;
  const draft = await db.selectFrom('drafts').select(['title', 'unsafe_html']).where('user_id', '=', userId).executeTakeFirst();
  return !draft || (!draft.title?.trim() && countWords((draft.unsafe_html ?? '').replace(/<[^>]*>/g, ' ')) === 0);
}

async function refuseUnlessEmpty(db: CoreDeps['db'], userId: number): Promise<void> {
  if (!(await isEmpty(db, userId))) throw new AppError('CONFLICT', NOT_EMPTY);
}

/**
 * Reads and checks every JSON file the import needs: the export's format first, then each file's schema. Each file is
 * read and parsed once a request, on the event loop: what bounds that is in ADR 0035 ("JSON on the event loop").
 */
async function readExport(zipPath: string, limits: ImportLimits) {
  const zip = await openExportZip(zipPath, limits);
  try {
    const profile = await zip.json('profile.json');
    const head = formatHead.safeParse(profile);
    if (!head.success) throw new AppError('BAD_INPUT', IMPORT_MESSAGES.notExport);
    if (head.data.format_version !== EXPORT_FORMAT_VERSION) throw new AppError('BAD_INPUT', NEWER_FORMAT(head.data.format_version));
    const valid = <T>(json: unknown, schema: z.ZodType<T>): T => {
      const parsed = schema.safeParse(json);
      if (!parsed.success) throw new AppError('BAD_INPUT', IMPORT_MESSAGES.damaged);
      return parsed.data;
    };
    const parse = async <T>(file: string, schema: z.ZodType<T>): Promise<T> => valid(await zip.json(file), schema);
    const data: ExportData = {
      profile: valid(profile, profileFile),
      story: await parse('story.json', storyFile),
      draft: await parse('draft.json', draftFile),
      revisions: await parse('revisions.json', revisionsFile),
      keptDrafts: (await parse('kept-drafts.json', keptDraftsFile.nullable())) ?? [],
      uploads: await parse('uploads.json', uploadsFile),
    };
    refuseOversized(data);
    return { zip, data };
  } catch (err) {
    zip.close();
    throw err;
  }
}

/** Every text within what a publish or an autosave takes (contract/stories.ts): the same size and markup limits. */
function refuseOversized({ story, draft, revisions, keptDrafts }: ExportData): void {
  const titles = [story?.title, draft?.title, ...revisions.map((r) => r.title), ...keptDrafts.map((k) => k.title)];
  const texts = [story?.body_html, draft?.html, ...revisions.map((r) => r.body_html), ...keptDrafts.map((k) => k.html)];
  const fits =
    titles.every((t) => (t ?? '').length <= LIMITS.titleMax) && texts.every((t) => storyContentInput.shape.text.safeParse(t ?? '').success);
  if (!fits) throw new AppError('BAD_INPUT', TEXT_TOO_LARGE);
}

/** The photos the story, its draft, revisions and kept drafts show (and its banner), that the zip holds. */
function photosToBring(data: ExportData): { name: string; file: string }[] {
  const named = new Set<string>();
  const texts = [
    data.story?.body_html ?? '',
    data.draft?.html ?? '',
    ...data.revisions.map((r) => r.body_html),
    ...data.keptDrafts.map((k) => k.html),
  ];
  for (const text of texts) for (const m of text.matchAll(MEDIA_PATH)) named.add(m[2]!);
  if (data.story?.banner) named.add(data.story.banner);
  return data.uploads.filter((u) => named.has(u.name) && u.file !== null).map((u) => ({ name: u.name, file: u.file! }));
}

function summaryOf(data: ExportData): ImportSummary {
  const { story, draft, revisions } = data;
  const current = story ? revisions.find((r) => r.version === story.version) : undefined;
  const newest = revisions[revisions.length - 1];
  const draftWords = draft?.html ? countWords(draft.html.replace(/<[^>]*>/g, ' ')) : 0;
  return {
    title: story?.title ?? draft?.title ?? newest?.title ?? null,
    pages: story?.page_count ?? 0,
    words: current?.word_count ?? newest?.word_count ?? draftWords,
    photos: photosToBring(data).length,
    revisions: revisions.length,
    has_draft: draft !== null,
    from_username: data.profile.username,
    exported_at: data.profile.exported_at,
  };
}

/** What importing the zip at `zipPath` would bring in, without changing anything; refused as the import would be. */
export async function checkDataImport(
  deps: CoreDeps,
  actor: SignedInActor,
  zipPath: string,
  limits: ImportLimits = IMPORT_LIMITS,
): Promise<ImportSummary> {
  await refuseUnlessEmpty(deps.db, actor.userId);
  await limitRate(deps, [['dataImportPerAccount', String(actor.userId)]]);
  const { zip, data } = await readExport(zipPath, limits);
  zip.close();
  if (!data.story && !data.draft && data.revisions.length === 0) throw new AppError('BAD_INPUT', NOTHING_TO_IMPORT);
  return summaryOf(data);
}

/**
 * Imports the zip at `zipPath` into the person's empty story: each photo through the upload pipeline (checked,
 * re-encoded, sized, within the quota) under a new name, every text's photo addresses rewritten to the new names,
 * the story and each revision through the formatter (sanitizer and pages), then the story, its pages, revisions and
 * draft in one transaction. A failure at any step leaves nothing: the photos already stored are forgotten again.
 */
export async function importData(
  deps: CoreDeps,
  actor: SignedInActor,
  zipPath: string,
  limits: ImportLimits = IMPORT_LIMITS,
): Promise<ImportSummary> {
  const { userId } = actor;
  await refuseUnlessEmpty(deps.db, userId);
  await limitRate(deps, [['dataImportPerAccount', String(userId)]]);
  const { zip, data } = await readExport(zipPath, limits);
  if (!data.story && !data.draft && data.revisions.length === 0) {
    zip.close();
    throw new AppError('BAD_INPUT', NOTHING_TO_IMPORT);
  }
  const renamed = new Map<string, string>();
  // One import is one upload under way for the person, however many photos it holds (image-queue.ts).
  const leave = imageQueue.enter(String(userId));
  try {
    for (const photo of photosToBring(data)) {
      const bytes = await zip.file(photo.file);
      if (!bytes) continue; // the old site's store had lost it: its address stays, as in the export
      const admitted = { end: () => undefined, arrived: () => undefined };
      const accepted = await acceptUpload(deps, actor, bytes, { admitted }).catch((err: unknown) => {
        throw photoRefusal(err);
      });
      renamed.set(photo.name, accepted.name);
    }
    zip.close();
    await writeImport(deps, userId, data, renamed);
  } catch (err) {
    zip.close();
    const names = [...renamed.values()];
    if (names.length > 0) {
      const gone = await writeTransaction(deps, (trx) => forgetUnreferenced(trx, names)).catch(() => []);
      await deleteBlobs(deps, gone);
    }
    throw err;
  } finally {
    leave();
  }
  return summaryOf(data);
}

/** An upload's refusal said of the import: a bad picture or a full quota; being busy stays as it is (retry later). */
function photoRefusal(err: unknown): unknown {
  if (!(err instanceof AppError)) return err;
  if (err.kind === 'TOO_LARGE') return new AppError('TOO_LARGE', NO_SPACE);
  if (err.kind === 'BAD_INPUT' || err.kind === 'UNSUPPORTED_MEDIA' || err.kind === 'UNPROCESSABLE')
    return new AppError('BAD_INPUT', PHOTO_UNREADABLE);
  return err;
}

const rename = (html: string, renamed: Map<string, string>) =>
  html.replace(MEDIA_PATH, (whole, where: string, name: string) => {
    const now = renamed.get(name);
    return now ? `/${where}/${now}` : whole;
  });

const ms = (iso: string) => Date.parse(iso);

async function writeImport(deps: CoreDeps, userId: number, data: ExportData, renamed: Map<string, string>): Promise<void> {
  // The formatting first (off the event loop, deps.formatter), as a publish does: the texts as this site would store them.
  const story = data.story
    ? await (async (s) => {
        const html = rename(s.body_html, renamed);
        const formatted = await deps.formatter.format(html, await photoMapFor(deps.db, html));
        refuseTooManyPhotos(formatted.body);
        return { ...s, ...formatted, banner: s.banner ? (renamed.get(s.banner) ?? null) : null };
      })(data.story)
    : null;
  const revisions: (ExportData['revisions'][number] & { body: string; pieces: ReturnType<typeof revisionPieces> })[] = [];
  for (const r of [...data.revisions].sort((a, b) => a.id - b.id)) {
    const html = rename(r.body_html, renamed);
    const formatted = await deps.formatter.format(html, await photoMapFor(deps.db, html));
    revisions.push({ ...r, body: formatted.body, word_count: formatted.word_count, pieces: revisionPieces(formatted.body) });
  }
  const draftHtml = data.draft?.html ? rename(data.draft.html, renamed) : null;
  if (draftHtml) refuseTooManyPhotosInDraft(draftHtml);
  const keptDrafts = data.keptDrafts.map((k) => ({ ...k, html: rename(k.html, renamed) }));
  for (const k of keptDrafts) refuseTooManyPhotosInDraft(k.html);
  const now = deps.clock.now();

  await writeTransaction(deps, async (trx) => {
    // Checked again where it cannot race with an autosave or a publish in another tab.
    await refuseUnlessEmpty(trx, userId);
    const oldToNew = new Map<number, number>();
    for (const r of revisions) {
      const row = await trx
        .insertInto('story_revisions')
        .values({
          user_id: userId,
          version: r.version,
          title: r.title,
          word_count: r.word_count,
          published_at: ms(r.published_at),
          restored_from: r.restored_from_revision === null ? null : (oldToNew.get(r.restored_from_revision) ?? null),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      oldToNew.set(r.id, row.id);
      await storeRevisionText(trx, userId, row.id, r.pieces);
    }
    const { draftVersion } = await draftHead(trx, userId);
    const draft = data.draft;
    const hasDraft = draft !== null && (draft.title !== null || draftHtml !== null);
    await writeDraft(
      trx,
      userId,
      draftVersion + 1,
      hasDraft
        ? {
            title: draft.title ?? '',
            unsafe_html: draftHtml ?? '',
            base_version: draft.based_on_version ?? story?.version ?? 0,
            restored_from: draft.restored_from_revision === null ? null : (oldToNew.get(draft.restored_from_revision) ?? null),
            saved_at: draft.saved_at ? ms(draft.saved_at) : now,
          }
        : null,
    );
    for (const k of keptDrafts) {
      await trx
        .insertInto('kept_drafts')
        .values({
          user_id: userId,
          title: k.title,
          unsafe_html: k.html,
          word_count: k.word_count,
          kept_at: ms(k.kept_at),
          reason: k.reason,
        })
        .execute();
    }
    if (!story) return;
    const audience = IMPORTED_AUDIENCE;
    await trx
      .insertInto('stories')
      .values({
        user_id: userId,
        title: story.title,
        body_html: story.body,
        banner: story.banner,
        page_count: story.pages.length,
        chapters: JSON.stringify(story.chapters),
        created_at: ms(story.created_at),
        updated_at: ms(story.updated_at),
        version: story.version,
        audience,
      })
      .execute();
    for (let i = 0; i < story.pages.length; i += 200) {
      await trx
        .insertInto('pages')
        .values(story.pages.slice(i, i + 200).map((html, j) => ({ user_id: userId, page_number: i + j + 1, html })))
        .execute();
    }
    const current = [...oldToNew.entries()].find(([old]) => data.revisions.find((r) => r.id === old)?.version === story.version);
    let revisionId = current?.[1];
    if (revisionId === undefined) {
      // An export without the story's own revision (thinned away): the story is kept as one, as a publish would.
      const row = await trx
        .insertInto('story_revisions')
        .values({
          user_id: userId,
          version: story.version,
          title: story.title,
          word_count: story.word_count,
          published_at: now,
          restored_from: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await storeRevisionText(trx, userId, row.id, revisionPieces(story.body));
      revisionId = row.id;
    }
    // The same events as a first publish with an audience other than everyone (publish-story.ts).
    await appendEvent(
      trx,
      {
        type: 'story_saved',
        payload: {
          user_id: userId,
          title: story.title,
          created_at: ms(story.created_at),
          page_count: story.pages.length,
          revision_id: revisionId,
          ...(audience !== 'everyone' ? { audience } : {}),
        },
      },
      now,
    );
    if (audience !== 'everyone') {
      await appendEvent(trx, { type: 'story_audience_changed', payload: { user_id: userId, audience } }, now);
    }
    if (story.banner) {
      await appendEvent(trx, { type: 'story_banner_changed', payload: { user_id: userId, has_banner: true } }, now);
    }
  });
}
