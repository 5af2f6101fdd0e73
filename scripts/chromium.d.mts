/** Debian's Chromium, or CHROME_PATH. */
export declare const chromiumPath: string;
/** The flags every launch here uses (headless is the launcher's own option). */
export declare const chromiumArgs: string[];
