import type { BrowserType, LaunchOptions } from 'playwright-core';

/** Debian's Chromium, or CHROME_PATH. */
export declare const chromiumPath: string;
/** The flags every launch here uses (headless is the launcher's own option). */
export declare const chromiumArgs: string[];
/** Launch options for a browser that opens many contexts: `chromiumArgs`, and browser UI a test never shows off. */
export declare function chromiumServerOptions(browserType: BrowserType): Promise<LaunchOptions>;
