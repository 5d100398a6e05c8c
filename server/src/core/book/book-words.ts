// The book's fixed words (the contents, the title page's notes, the print page's help), in the author's language
// (users.locale, else English: docs/decisions/0042-interface-languages.md). The story itself keeps its own language
// (docs/decisions/0043-a-storys-language-is-detected.md): a builder marks these words with `lang` where they differ.
import type { Locale } from '../../contract/locale';
import { serverIntl } from '../shared/interface-intl';

/** The long date of a book's notes: "15 June 2026" in English (as before), "15 de junio de 2026" in Spanish. */
export function bookDay(time: number | Date, locale: Locale, timeZone?: string): string {
  return new Date(time).toLocaleDateString(locale === 'en' ? 'en-GB' : locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone,
  });
}

export function bookWords(locale: Locale) {
  const intl = serverIntl(locale);
  return {
    contents: intl.formatMessage({ id: 'book.contents', defaultMessage: 'Contents' }),
    titlePage: intl.formatMessage({ id: 'book.titlePage', defaultMessage: 'Title page' }),
    cover: intl.formatMessage({ id: 'book.cover', defaultMessage: 'Cover' }),
    coverOf: (title: string) => intl.formatMessage({ id: 'book.coverOf', defaultMessage: 'Cover: {title}' }, { title }),
    fontNotice: intl.formatMessage({
      id: 'book.fontNotice',
      defaultMessage: 'Set in Literata, © The Literata Project Authors, under the SIL Open Font License 1.1.',
    }),
    /** The Word document's description (its properties). */
    byline: (title: string, author: string) =>
      intl.formatMessage({ id: 'book.byline', defaultMessage: '{title}, by {author}' }, { title, author }),
    /** The Word document's note on its title page. */
    fromSite: (origin: string, day: string) =>
      intl.formatMessage({ id: 'book.fromSite', defaultMessage: 'From Life Story, {origin}, as it was on {day}.' }, { origin, day }),
    /** The readable copy's note (Download my data). */
    keptCopy: (origin: string, day: string) =>
      intl.formatMessage(
        { id: 'book.keptCopy', defaultMessage: 'Your story as it was published on Life Story ({origin}), kept on {day}.' },
        { origin, day },
      ),
    print: {
      pageTitle: (title: string) =>
        intl.formatMessage({ id: 'book.print.pageTitle', defaultMessage: '{title} (book to print)' }, { title }),
      howTo: intl.formatMessage({ id: 'book.print.howTo', defaultMessage: 'How to print' }),
      /** HTML: the message's <strong> becomes the element; the text is ours, not the person's. */
      help: joined(
        intl.formatMessage(
          {
            id: 'book.print.help',
            defaultMessage:
              'This is your story laid out as a book (A5 pages). To keep it as a PDF, press the button, then choose <strong>Save as PDF</strong> as the printer. For page numbers at the bottom, leave "Headers and footers" off.',
          },
          { strong: (chunks: string[]) => `<strong>${chunks.join('')}</strong>` },
        ),
      ),
      button: intl.formatMessage({ id: 'book.print.button', defaultMessage: 'Print or save as PDF' }),
      back: intl.formatMessage({ id: 'book.print.back', defaultMessage: 'Back to my story' }),
    },
  };
}

const joined = (parts: string | string[]) => (Array.isArray(parts) ? parts.join('') : parts);
