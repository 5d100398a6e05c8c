// The link in "Your answer is in your draft" (docs/decisions/0030-answers-by-email.md), /story/write?chapter=<the
// question>: once the editor is ready, the answer's chapter is brought to the top of the screen, so the writer lands
// on her words and the photos waiting for a description, not at the top of a long draft. The address then loses its
// `?chapter=`. A chapter no longer there (renamed, removed) leaves the screen as it opens.
import { useEffect, useRef } from 'react';
import { useSearch } from 'wouter';

interface Editor {
  showChapter(title: string): boolean;
}

export function useChapterFromLink(editor: () => Editor | null, ready: boolean): void {
  const title = new URLSearchParams(useSearch()).get('chapter');
  const done = useRef(false);
  useEffect(() => {
    const e = editor();
    if (!ready || !e || title === null || done.current) return;
    done.current = true;
    e.showChapter(title);
    const url = new URL(window.location.href);
    url.searchParams.delete('chapter');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }, [ready, title, editor]);
}
