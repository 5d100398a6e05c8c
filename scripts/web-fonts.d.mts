/** See web-fonts.mjs: the web fonts' subsets and their stylesheet, written when out of date. */
export declare const WEB_FONTS_DIR: string;
export declare const WEIGHTS: { min: number; max: number };
export declare function writeWebFonts(outDir?: string): Promise<boolean>;
