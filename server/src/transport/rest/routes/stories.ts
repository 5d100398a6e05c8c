import { Hono } from 'hono';
import { AppError } from '../../../contract/errors';
import { pageInput, storyContentInput, storyOwnerInput, storyRefInput } from '../../../contract/stories';
import { setImageInput } from '../../../contract/uploads';
import { pageHtmlAnswer, restStoryAnswer } from '../../../contract/rest-api';
import type { CoreDeps } from '../../../core/shared/core-deps';
import { deleteStory } from '../../../core/stories/delete-story';
import { readPage, readStory } from '../../../core/stories/read-story';
import { markRestrictedAnswer } from '../../http/restricted-answer';
import { publishStory } from '../../../core/stories/publish-story';
import { deleteBanner, setBanner } from '../../../core/stories/story-banner';
import type { AppEnv } from '../../http/request-context';
import { parseBody, signedIn, signedInBody } from '../request-input';
import { ok, okData } from '../respond';

export function storyRoutes(deps: CoreDeps) {
  return (
    new Hono<AppEnv>()
      .post('/page', async (c) => {
        const { page, audience } = await readPage(deps, c.var.actor, await parseBody(c, pageInput));
        const res = okData(c, pageHtmlAnswer, 'Successfully fetched story page text', page.html);
        markRestrictedAnswer(res.headers, audience);
        return res;
      })
      // 200 with data null when there is no story: the old Profile screen breaks on an error status.
      .post('/story', async (c) => {
        const read = await readStory(deps, c.var.actor, await parseBody(c, storyOwnerInput));
        // The shape /api always had: no audience in it.
        const res = okData(c, restStoryAnswer, 'Successfully fetched story information. ', read?.story ?? null);
        if (read) markRestrictedAnswer(res.headers, read.audience);
        return res;
      })
      .post('/save', async (c) => {
        const { actor, input } = await signedInBody(c, storyContentInput);
        await publishStory(deps, actor, input);
        return ok(c, 'Story successfully created or updated.', undefined, 201);
      })
      .post('/edit', (c) => {
        signedIn(c); // an AUTH route in the contract: visitors get 401 first
        // The old server's per-page edit bypassed the splitter and sanitizer; stories are saved whole.
        throw new AppError('BAD_INPUT', 'Editing single pages is not supported. Save the whole story with /api/stories/save.');
      })
      .post('/upload', async (c) => {
        const { actor, input } = await signedInBody(c, setImageInput);
        await setBanner(deps, actor, input);
        return ok(c, 'Successfully updated story banner image.');
      })
      .delete('/delete', async (c) => {
        const { actor, input } = await signedInBody(c, storyRefInput);
        await deleteStory(deps, actor, input);
        return ok(c, 'Successfully deleted story and all its pages.');
      })
      .delete('/upload/delete', async (c) => {
        await deleteBanner(deps, signedIn(c));
        return ok(c, 'Successfully deleted story banner image.');
      })
  );
}
