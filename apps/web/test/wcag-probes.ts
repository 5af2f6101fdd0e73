// The WCAG 2.2 AA probes that need a real browser, run on a page as it is: a visible skip link first that leads focus
// to <main> (2.4.1), focus never entirely hidden under the fixed navigation (2.4.11), and pointer targets of at least
// 24 × 24 px or spaced so (2.5.8). Used over the public pages (public-pages.test.ts), the signed-in tools and the
// administrators' pages (wcag.test.ts).
import type { Page } from 'playwright-core';

/** Real Tab presses per page after the skip link (the rest of the page is walked with focus(), which is faster). */
const realTabs = 6;

/** Where the skip link, the first thing Tab reaches, leads. */
async function skipLink(page: Page) {
  await page.keyboard.press('Tab');
  return page.evaluate(() => {
    const el = document.activeElement as HTMLAnchorElement | null;
    const r = el?.getBoundingClientRect();
    const href = el?.getAttribute('href') ?? '';
    return {
      text: el?.textContent?.trim(),
      // Visible when focused: a real size, inside the viewport.
      visible: !!r && r.width >= 24 && r.height >= 24 && r.top >= 0 && r.bottom <= innerHeight,
      target: href.startsWith('#') ? document.getElementById(href.slice(1))?.tagName : undefined,
    };
  });
}

/**
 * In the page: the focused element if it is entirely hidden under the fixed header (the top navigation); with
 * `walk`, first moves focus through every tabbable element forwards and back (focus() scrolls each into view as Tab
 * and Shift+Tab do) and returns each one so hidden.
 */
function focusHiddenInPage(walk: boolean): string[] {
  const hiddenNow = () => {
    const el = document.activeElement as HTMLElement | null;
    const header = document.querySelector('header');
    if (!el || el === document.body || !header || header.contains(el)) return null;
    const r = el.getBoundingClientRect();
    const h = header.getBoundingClientRect();
    if (!(r.height > 0 && r.top >= h.top && r.bottom <= h.bottom)) return null;
    // Drawn above the bar (the skip link), it is not hidden by it.
    const onTop = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (onTop && !header.contains(onTop)) return null;
    const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
    return `${el.tagName.toLowerCase()} "${name}" at ${Math.round(r.top)}px`;
  };
  if (!walk) return [hiddenNow()].filter((s): s is string => s !== null);
  const tabbable = [
    ...document.querySelectorAll<HTMLElement>(
      'a[href], button:not([disabled]), input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])',
    ),
  ].filter((el) => el.tabIndex >= 0 && el.getClientRects().length > 0 && !el.closest('[inert], [hidden]'));
  const found: string[] = [];
  for (const el of [...tabbable, ...tabbable.reverse()]) {
    el.focus();
    const seen = hiddenNow();
    if (seen && !found.includes(seen)) found.push(seen);
  }
  return found;
}

/** Tabs a few stops into the page, then walks the rest: each focused element entirely hidden by the header. */
async function focusHiddenUnderHeader(page: Page): Promise<string[]> {
  const hidden: string[] = [];
  for (let i = 0; i < realTabs; i++) {
    await page.keyboard.press('Tab');
    hidden.push(...(await page.evaluate(focusHiddenInPage, false)));
  }
  return [...hidden, ...(await page.evaluate(focusHiddenInPage, true))];
}

/**
 * Every pointer target smaller than 24 × 24 px that is not spaced so: a 24 px circle on its centre overlaps
 * another target or another small target's circle. Links inside a sentence are exempt (inline), as are targets
 * of a few pixels that are visually hidden until focused.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="checkbox"], [role="radio"], [role="switch"], [role="tab"], [role="menuitem"]';
    const inSentence = (el: Element) =>
      el.tagName === 'A' &&
      getComputedStyle(el).display === 'inline' &&
      (el.parentElement?.textContent ?? '').trim().length > (el.textContent ?? '').trim().length;
    const targets = [...document.querySelectorAll<HTMLElement>(selector)]
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(
        ({ el, r }) =>
          r.width > 2 &&
          r.height > 2 &&
          getComputedStyle(el).visibility !== 'hidden' &&
          !el.closest('[hidden], [inert], [aria-hidden="true"]'),
      );
    const small = (r: DOMRect) => r.width < 23.95 || r.height < 23.95;
    const centre = (r: DOMRect) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
    const distanceToRect = (p: { x: number; y: number }, r: DOMRect) =>
      Math.hypot(Math.max(r.left - p.x, 0, p.x - r.right), Math.max(r.top - p.y, 0, p.y - r.bottom));
    const failures: string[] = [];
    for (const t of targets) {
      if (!small(t.r) || inSentence(t.el)) continue;
      const c = centre(t.r);
      const crowded = targets.find((o) => {
        if (o === t || o.el.contains(t.el) || t.el.contains(o.el)) return false;
        if (small(o.r)) {
          const oc = centre(o.r);
          return Math.hypot(oc.x - c.x, oc.y - c.y) < 24;
        }
        return distanceToRect(c, o.r) < 12;
      });
      if (crowded) {
        const name = (t.el.getAttribute('aria-label') ?? t.el.textContent ?? '').trim().slice(0, 40);
        failures.push(
          `${t.el.tagName.toLowerCase()} "${name}" ${Math.round(t.r.width)}×${Math.round(t.r.height)}`,
        );
      }
    }
    return failures;
  });
}

/**
 * The three probes on the page as loaded, in this order (each leaves the page as the next expects it), as one line
 * per problem, each starting with `where` (the page and the width).
 */
export async function wcagProblems(page: Page, where: string): Promise<string[]> {
  const problems: string[] = [];
  const skip = await skipLink(page);
  if (skip.text !== 'Skip to main content' || !skip.visible || skip.target !== 'MAIN')
    problems.push(`${where}: no visible skip link to <main> first (${JSON.stringify(skip)})`);
  else {
    await page.keyboard.press('Enter');
    const focused = await page.evaluate(() => document.activeElement?.tagName);
    if (focused !== 'MAIN') problems.push(`${where}: the skip link left focus on ${focused}`);
  }
  for (const h of await focusHiddenUnderHeader(page))
    problems.push(`${where}: focus hidden under the navigation: ${h}`);
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  for (const s of await smallTargets(page))
    problems.push(`${where}: target under 24 × 24 px and crowded: ${s}`);
  return problems;
}
