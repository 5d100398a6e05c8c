// The weekly email's link, /story/write?question=<id> (docs/decisions/0031-one-question-a-week.md): once the editor
// is ready, the question becomes a new chapter by the picker's own path (the editor's addChapter, then
// questions.answer), and the address loses its `?question=` so a reload does not add it again. A chapter with that
// heading already in the text (added before, or the emailed reply came first) is not added twice.
import { useEffect, useRef } from 'react';
import { useSearch } from 'wouter';
import { trpc } from '../../lib/trpc';

interface Editor {
  addChapter(title: string): boolean;
  html(): string | null;
}

const plain = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/** Whether the text has a chapter heading (h2) that reads as `title`. */
export function hasChapter(html: string, title: string): boolean {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return [...doc.querySelectorAll('h2')].some((h) => plain(h.textContent ?? '') === plain(title));
}

/** The same address without `?question=`, in place (no new history entry, the screen stays as it is). */
function dropQuestionFromAddress(): void {
  const url = new URL(window.location.href);
  url.searchParams.delete('question');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

export function useQuestionFromLink(editor: () => Editor | null, ready: boolean): { failed: boolean } {
  const id = new URLSearchParams(useSearch()).get('question');
  const question = trpc.weeklyQuestion.question.useQuery({ id: id ?? '' }, { enabled: id !== null, retry: false, staleTime: Infinity });
  const answer = trpc.questions.answer.useMutation();
  const utils = trpc.useUtils();
  const done = useRef<string | null>(null);

  useEffect(() => {
    const q = question.data;
    const e = editor();
    if (!ready || !q || !e || done.current === q.id) return;
    const html = e.html();
    if (html === null) return;
    done.current = q.id;
    if (hasChapter(html, q.text) || e.addChapter(q.text))
      answer.mutate({ id: q.id }, { onSuccess: () => void utils.questions.invalidate(), onError: () => undefined });
    dropQuestionFromAddress();
  }, [ready, question.data, editor, answer, utils]);

  useEffect(() => {
    // A link to a question that is no longer offered: the screen opens as it is, without the address's question.
    if (question.isError) dropQuestionFromAddress();
  }, [question.isError]);

  return { failed: question.isError };
}
