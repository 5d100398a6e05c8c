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
  libreoffice: string | null;
};
/** Debian packages found by a program they put on PATH. */
export declare const PATH_TOOLS: Record<'docker-compose' | 'epubcheck' | 'poppler-utils' | 'libreoffice-writer-nogui', string>;
/** PostgreSQL's server programs: PG_BIN, Debian's /usr/lib/postgresql/N/bin, or PATH; null when none. */
export declare function postgresBinDir(env?: Record<string, string | undefined>, exists?: (file: string) => boolean): string | null;
/** Installs Debian's postgresql when missing; postgres is null when present, else why not. */
export declare function ensurePostgres(options?: EnsureTestToolsOptions): { bin: string | null; postgres: string | null };
