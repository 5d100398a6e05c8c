import { Hono } from 'hono';
import { publicMediaUrl, readMedia } from '../../core/uploads/accept-upload';
import type { CoreDeps } from '../../core/shared/core-deps';
import { errorBody } from './error-body';

/**
 * Uploaded images and their responsive sizes (`<32 hex>.jpg|png` and `<32 hex>-480|960|1600.webp|jpg`, checked
 * by isMediaName; docs/decisions/0016-photos.md): random names never change content, so they are cached for a year. When the file store serves
 * them itself (MEDIA_PUBLIC_BASE_URL), this only redirects there, so every image URL ever handed out keeps
 * working; the redirect is cached for a day only, so that dropping the public base later takes effect.
 */
export function mediaRoute(deps: CoreDeps) {
  return new Hono().get('/:name', async (c) => {
    const elsewhere = publicMediaUrl(deps, c.req.param('name'));
    if (elsewhere) {
      c.header('cache-control', 'public, max-age=86400');
      return c.redirect(elsewhere, 302);
    }
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
