/** See ensure-test-tools.mjs: the tools the tests need that npm cannot bring. */
export declare const DEBIAN_CHROMIUM: string;
export declare function chromiumPath(env?: Record<string, string | undefined>): string;
export declare function findOnPath(
  name: string,
  env?: Record<string, string | undefined>,
  exists?: (file: string) => boolean,
): string | null;
export interface EnsureTestToolsOptions {
  env?: Record<string, string | undefined>;
  exists?: (file: string) => boolean;
  run?: (file: string, args: string[], env: Record<string, string | undefined>) => void;
  isRoot?: boolean;
  log?: (line: string) => void;
}
/** null when the tool is present, else why it is not. */
export declare function ensureTestTools(options?: EnsureTestToolsOptions): {
  chromium: string;
  browser: string | null;
  compose: string | null;
  epubcheck: string | null;
  poppler: string | null;
};
/** Debian packages found by a program they put on PATH. */
export declare const PATH_TOOLS: Record<'docker-compose' | 'epubcheck' | 'poppler-utils', string>;
