import { footerContent } from '@pentland/site-data';
import { Footer } from '@pentland/ui';
import { useUkYear } from '../../lib/renderClock.ts';

/** The site's footer, its copyright year the visitor's (the page may have been rendered last year). */
export function SiteFooter() {
  return <Footer {...footerContent} year={useUkYear()} />;
}
