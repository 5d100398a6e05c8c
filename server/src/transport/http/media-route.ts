import { Hono } from 'hono';
import { readMedia } from '../../core/uploads/accept-upload';
import type { CoreDeps } from '../../core/shared/core-deps';
import { errorBody } from './error-body';

/** Uploaded images: random names never change content, so they are cached for a year. */
export function mediaRoute(deps: CoreDeps) {
  return new Hono().get('/:name', async (c) => {
    const blob = await readMedia(deps, c.req.param('name'));
    if (!blob) return c.json(errorBody('Image not found.'), 404);
    return c.body(new Uint8Array(blob.body), 200, {
      'content-type': blob.contentType,
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-site',
    });
  });
}
