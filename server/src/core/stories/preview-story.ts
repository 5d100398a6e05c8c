import type { StoryContentInput, StoryPreview } from '../../contract/stories';
import type { CoreDeps, SignedInActor } from '../shared/core-deps';
import { limitRate } from '../shared/rate-limit';
import { photoMapFor, refuseTooManyPhotos } from './story-photos';

/**
 * Page 1 of the caller's story as readers would get it if it were published now, and how many pages it would
 * have: the same formatting as publishStory, stored nowhere. The write screen shows it before a first publish, so
 * that a new writer sees that "Save Story" makes the story public (issue #26, docs/editor.md). Refused exactly as
 * the publish would be (too complex, too many photos), so the preview never promises a publish that cannot happen.
 */
export async function previewStory(deps: CoreDeps, { userId }: SignedInActor, input: StoryContentInput): Promise<StoryPreview> {
  await limitRate(deps, [['storyPreviewPerAccount', String(userId)]]);
  const { body, pages } = await deps.formatter.format(input.text, await photoMapFor(deps.db, input.text));
  refuseTooManyPhotos(body);
  return { title: input.title, html: pages[0] ?? '', page_count: pages.length };
}
