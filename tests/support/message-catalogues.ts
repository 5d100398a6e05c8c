// The check of the interface's message catalogues (docs/decisions/0042-interface-languages.md), run by
// tests/infra/messages.test.ts: every message of the code (extracted by @formatjs/cli's library) is in each
// catalogue, nothing else is, and each translation takes the same arguments (names and kinds) as the English.
import fs from 'node:fs';
import { extract } from '@formatjs/cli-lib';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import path from 'node:path';

export interface CatalogueProblems {
  /** Ids in the code with no translation in the catalogue. */
  missing: string[];
  /** Ids in the catalogue the code no longer has. */
  unused: string[];
  /** Translations whose arguments differ from the English message's, or that do not parse. */
  mismatched: { id: string; english: string[]; translated: string[] }[];
}

/** The .ts and .tsx files under these folders of `cwd`, but tests. */
export function sourceFiles(dirs: string[], cwd: string): string[] {
  return dirs.flatMap((dir) =>
    (fs.readdirSync(path.join(cwd, dir), { recursive: true }) as string[])
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes('node_modules'))
      .map((file) => path.join(cwd, dir, file)),
  );
}

/** The English messages of the code under these folders: id -> defaultMessage. */
export async function extractMessages(dirs: string[], cwd: string): Promise<Record<string, string>> {
  const files = sourceFiles(dirs, cwd);
  // Throws on an id used twice with different English texts, naming it.
  const json = await extract(files, { idInterpolationPattern: '[sha512:contenthash:base64:6]', throws: true });
  const messages = JSON.parse(json) as Record<string, { defaultMessage: string }>;
  return Object.fromEntries(Object.entries(messages).map(([id, m]) => [id, m.defaultMessage]));
}

/** The arguments of an ICU message, as "name:kind" (kinds: argument, number, date, time, select, plural, tag). */
export function messageArguments(message: string): string[] {
  const found = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const el of elements) {
      switch (el.type) {
        case TYPE.argument:
          found.add(`${el.value}:argument`);
          break;
        case TYPE.number:
          found.add(`${el.value}:number`);
          break;
        case TYPE.date:
          found.add(`${el.value}:date`);
          break;
        case TYPE.time:
          found.add(`${el.value}:time`);
          break;
        case TYPE.select:
        case TYPE.plural:
          found.add(`${el.value}:${el.type === TYPE.select ? 'select' : 'plural'}`);
          for (const option of Object.values(el.options)) walk(option.value);
          break;
        case TYPE.tag:
          found.add(`${el.value}:tag`);
          walk(el.children);
          break;
        default:
          break;
      }
    }
  };
  walk(parse(message));
  return [...found].sort();
}

export function checkCatalogue(english: Record<string, string>, catalogue: Record<string, string>): CatalogueProblems {
  const missing = Object.keys(english).filter((id) => !(id in catalogue));
  const unused = Object.keys(catalogue).filter((id) => !(id in english));
  const mismatched: CatalogueProblems['mismatched'] = [];
  for (const [id, translated] of Object.entries(catalogue)) {
    const source = english[id];
    if (source === undefined) continue;
    const want = messageArguments(source);
    let got: string[];
    try {
      got = messageArguments(translated);
    } catch (err) {
      got = [`does not parse: ${(err as Error).message}`];
    }
    if (want.join() !== got.join()) mismatched.push({ id, english: want, translated: got });
  }
  return { missing: missing.sort(), unused: unused.sort(), mismatched };
}

export function readCatalogue(file: string): Record<string, string> {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
}
