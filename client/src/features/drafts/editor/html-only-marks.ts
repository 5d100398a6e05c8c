// Marks that stored stories may hold but Markdown has no syntax for: <u>, <sub> and <sup> (stories from the
// old editor; the server's sanitiser keeps them). Without them in the schema the editor's DOM parser dropped
// the tags, and saving an old story lost that formatting. They are kept, not offered: no toolbar button.
import { $markSchema } from '@milkdown/kit/utils';

function htmlOnlyMark(name: string, tag: 'u' | 'sub' | 'sup') {
  return $markSchema(name, () => ({
    parseDOM: [{ tag }],
    toDOM: () => [tag, 0] as const,
    // Markdown (the clipboard's plain text) cannot say it: never read from Markdown, written as plain text.
    parseMarkdown: { match: () => false, runner: () => undefined },
    toMarkdown: {
      match: (mark) => mark.type.name === name,
      runner: (state, _mark, node) => {
        state.addNode('text', undefined, node.text ?? '');
        return true;
      },
    },
  }));
}

export const underline = htmlOnlyMark('underline', 'u');
export const subscript = htmlOnlyMark('subscript', 'sub');
export const superscript = htmlOnlyMark('superscript', 'sup');
