import { useEffect } from 'react';

/** Sets the tab title ('Explore · Life Story'); screen readers and history entries use it. */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Life Story` : 'Life Story';
  }, [title]);
}
