/** The URL of an uploaded image (pictures, banners, covers): the server's media route. */
export function mediaUrl(name: string | null | undefined): string | null {
  return name ? `/media/${encodeURIComponent(name)}` : null;
}
