import { test as base, expect, type Page } from '@playwright/test';

export type { APIRequestContext, Locator, Page } from '@playwright/test';
export { expect };

declare global {
  interface Window {
    __reportOverflow?: (report: string) => Promise<void>;
    __widthReport?: () => string | undefined;
  }
}

/**
 * Runs in every page before its own scripts: whenever the page has settled (no change for 300 ms,
 * after loading, after a resize) it compares the document's width with the window's and reports a
 * page wider than the window (WCAG 1.4.10: nothing scrolls sideways), naming the widest elements.
 */
function watchWidth() {
  const describe = (element: Element) => {
    const id = element.id ? `#${element.id}` : '';
    const classes = [...element.classList].filter((name) => !name.startsWith('m_')).slice(0, 2);
    const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `${element.tagName.toLowerCase()}${id}${classes.map((name) => `.${name}`).join('')} "${text}"`;
  };
  const report = () => {
    const width = document.documentElement.scrollWidth;
    // A phone (a mobile viewport) zooms out to show a page that is too wide, which widens
    // innerWidth with it: the layout viewport (the root's clientWidth) is what the page must fit.
    const limit = Math.min(window.innerWidth, document.documentElement.clientWidth);
    if (width <= limit) return undefined;
    // The deepest elements that reach past the window's right edge are the likely cause.
    const past = (element: Element) => element.getBoundingClientRect().right > limit + 0.5;
    // What a box that fits clips away (map tiles, a scrolled strip) widens nothing.
    const clipped = (element: Element) => {
      for (let box = element.parentElement; box; box = box.parentElement) {
        if (getComputedStyle(box).overflowX !== 'visible' && !past(box)) return true;
      }
      return false;
    };
    const wide = [...document.body.querySelectorAll('*')].filter(
      (element) => past(element) && ![...element.children].some(past) && !clipped(element),
    );
    return (
      `${location.pathname}${location.search}: ${width}px wide in a ${limit}px window; ` +
      `too wide: ${wide.slice(0, 3).map(describe).join(', ') || 'unknown'}`
    );
  };
  window.__widthReport = report;
  const check = () => {
    const found = report();
    if (found) void window.__reportOverflow?.(found);
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(check, 300);
  };
  const start = () => {
    new MutationObserver(later).observe(document.documentElement, {
      childList: true,
      subtree: true,
      attributes: true,
      characterData: true,
    });
    window.addEventListener('resize', later);
    later();
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
}

/**
 * The journeys' `test`: every page a journey visits is checked at the project's window size (the
 * desktop and the phone project), and the test fails if any was wider than its window.
 */
export const test = base.extend<{ pageWidthCheck: undefined }>({
  pageWidthCheck: [
    async ({ page }, use) => {
      const overflows = new Set<string>();
      await page.exposeFunction('__reportOverflow', async (report: string) => {
        overflows.add(report);
      });
      await page.addInitScript(watchWidth);
      await use(undefined);
      // The screen the journey ended on, even if it changed less than 300 ms ago.
      if (!page.isClosed()) {
        const last = await page.evaluate(() => window.__widthReport?.()).catch(() => undefined);
        if (last) overflows.add(last);
      }
      expect([...overflows], 'pages wider than the window (they scroll sideways)').toEqual([]);
    },
    { auto: true },
  ],
});

/** What makes the current screen wider than the window, or undefined when it fits. */
export async function widthProblem(page: Page): Promise<string | undefined> {
  return page.evaluate(() => window.__widthReport?.());
}

/** Whether the journey runs in the phone project (a narrow window where menus hide behind buttons). */
export function isPhone(): boolean {
  return test.info().project.name === 'phone';
}
