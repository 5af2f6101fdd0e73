import type { BrowserType, LaunchOptions } from 'playwright-core';

export { chromiumArgs, chromiumPath } from '../../../scripts/chromium.mjs';
/** Launch options for a browser that opens many contexts: `chromiumArgs`, and browser UI a test never shows off. */
export declare function chromiumServerOptions(browserType: BrowserType): Promise<LaunchOptions>;
