import { Hono } from 'hono';
import { isMediaName, publicMediaUrl, readMedia } from '../../core/uploads/accept-upload';
import { resolveSizeName } from '../../core/uploads/media-fallback';
import { SIZE_NAME } from '../../core/uploads/photo-sizes';
import type { CoreDeps } from '../../core/shared/core-deps';
import { errorBody } from './error-body';

/**
 * Uploaded images and their responsive sizes (`<32 hex>.jpg|png` and `<32 hex>-480|960|1600.webp|jpg`, checked
 * by isMediaName; docs/decisions/0016-photos.md): random names never change content, so they are cached for a year. When the file store serves
 * them itself (MEDIA_PUBLIC_BASE_URL), this only redirects there, so every image URL ever handed out keeps
 * working; the redirect is cached for a day only, so that dropping the public base later takes effect.
 *
 * Banners and pictures are asked for by size name without knowing which sizes exist (ADR 0016, "Sizes by
 * name"): a size that was never made redirects to the original, the nearest image there is, cached for a day
 * (a later job could still make the size).
 */
export function mediaRoute(deps: CoreDeps) {
  return new Hono().get('/:name', async (c) => {
    const name = c.req.param('name');
    if (!isMediaName(name)) return c.json(errorBody('Image not found.'), 404);
    const isSize = SIZE_NAME.test(name);
    const toOriginal = (original: string) => {
      c.header('cache-control', 'public, max-age=86400');
      return c.redirect(publicMediaUrl(deps, original) ?? `/media/${original}`, 302);
    };
    if (deps.blobs.publicUrl(name) !== null) {
      // The public store cannot fall back by itself, so a size is checked against its row first.
      const target = isSize ? await resolveSizeName(deps, name) : name;
      const elsewhere = target ? publicMediaUrl(deps, target) : null;
      if (!elsewhere) return c.json(errorBody('Image not found.'), 404);
      c.header('cache-control', 'public, max-age=86400');
      return c.redirect(elsewhere, 302);
    }
    const blob = await readMedia(deps, name);
    if (!blob) {
      const target = isSize ? await resolveSizeName(deps, name) : null;
      if (target && target !== name) return toOriginal(target);
      return c.json(errorBody('Image not found.'), 404);
    }
    return c.body(new Uint8Array(blob.body), 200, {
      'content-type': blob.contentType,
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-site',
    });
  });
}
