/** See precompress.mjs: .br and .gz copies of the scripts and styles in `dir`. */
export declare function precompress(dir: string): void;
