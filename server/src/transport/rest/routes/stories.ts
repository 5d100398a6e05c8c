import { Hono } from 'hono';
import { AppError } from '../../../contract/errors';
import type { CoreDeps } from '../../../core/shared/core-deps';
import { requireUser } from '../../../core/shared/require-user';
import { deleteStory } from '../../../core/stories/delete-story';
import { getPage, getStory } from '../../../core/stories/read-story';
import { saveStory } from '../../../core/stories/save-story';
import { deleteBanner, setBanner } from '../../../core/stories/story-banner';
import type { AppEnv } from '../../http/request-context';
import { ok, readBody } from '../respond';

export function storyRoutes(deps: CoreDeps) {
  return (
    new Hono<AppEnv>()
      .post('/page', async (c) => {
        const { html } = await getPage(deps, await readBody(c));
        return ok(c, 'Successfully fetched story page text', html);
      })
      // 200 with data null when there is no story: the old Profile screen breaks on an error status.
      .post('/story', async (c) => ok(c, 'Successfully fetched story information. ', await getStory(deps, c.var.actor, await readBody(c))))
      .post('/save', async (c) => {
        await saveStory(deps, c.var.actor, await readBody(c));
        return ok(c, 'Story successfully created or updated.', undefined, 201);
      })
      .post('/edit', (c) => {
        requireUser(c.var.actor); // an AUTH route in the contract: visitors get 401 first
        // The old server's per-page edit bypassed the splitter and sanitizer; stories are saved whole.
        throw new AppError('BAD_INPUT', 'Editing single pages is not supported. Save the whole story with /api/stories/save.');
      })
      .post('/upload', async (c) => {
        await setBanner(deps, c.var.actor, await readBody(c));
        return ok(c, 'Successfully updated story banner image.');
      })
      .delete('/delete', async (c) => {
        await deleteStory(deps, c.var.actor, await readBody(c));
        return ok(c, 'Successfully deleted story and all its pages.');
      })
      .delete('/upload/delete', async (c) => {
        await deleteBanner(deps, c.var.actor);
        return ok(c, 'Successfully deleted story banner image.');
      })
  );
}
