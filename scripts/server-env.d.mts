/** See server-env.mjs: the environment the server process starts with. */
export declare const SERVER_PROCESS_ENV: Readonly<Record<string, string>>;
export declare function serverProcessEnv(base?: Record<string, string | undefined>): Record<string, string | undefined>;
