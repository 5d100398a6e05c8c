import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * false while the server renders and while the browser hydrates that render, true from the render after: React
 * renders again with the browser's answer once hydration is done. For parts below the fold that the server need not
 * render (docs/decisions/0017-server-rendering.md): less to render per first visit and less to hydrate.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
