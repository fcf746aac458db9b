// The layout checks of a screen at phone widths in light and dark (e2e/layout.spec.ts sweeps every
// route with them; a journey checks a state only it reaches, e.g. the front desk after a scan).
import type { Page } from '@playwright/test';
import { axeViolations, settleAnimations } from '../fixtures';

export const WIDTHS = [320, 360, 390, 430] as const;
export const THEMES = ['light', 'dark'] as const;
export const SCREENSHOT_WIDTH = 390;
export const SCREENS_DIR = 'test-results/screens';

export type Theme = (typeof THEMES)[number];

export interface Finding {
  route: string;
  width: number;
  theme: Theme;
  problem: string;
}

/** What the page does wrong at this width, read in the page itself. */
export async function layoutProblems(page: Page): Promise<string[]> {
  await settleAnimations(page, 0);
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) problems.push(`scrolls sideways: ${root.scrollWidth} > ${root.clientWidth}`);

    const label = (el: Element) => {
      const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.split(' ')[0] : ''} "${text}"`;
    };
    const shown = (el: Element) => {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') return false;
      const box = el.getBoundingClientRect();
      // Off the top of the page (the skip link until it is focused) is not shown either.
      return box.width > 1 && box.height > 1 && box.bottom > -window.scrollY && !el.closest('[inert], [aria-hidden="true"], .visually-hidden');
    };

    // Touch targets: every control a finger can press. A checkbox or radio counts by its label,
    // and links inside running text are exempt (WCAG 2.5.8 "inline").
    const controls = document.querySelectorAll('button, a[href], input, select, textarea, summary, [role="tab"], [role="button"], [role="menuitem"], [role="switch"]');
    for (const control of controls) {
      if (control instanceof HTMLInputElement && control.type === 'hidden') continue;
      if (control instanceof HTMLAnchorElement && control.closest('p, .prose, .inline-links')) continue;
      // A checkbox or radio is pressed through its label too: the target is the two together.
      const parts: Element[] = [control];
      if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) parts.push(...Array.from(control.labels ?? []));
      const visible = parts.filter(shown);
      if (visible.length === 0) continue;
      const boxes = visible.map((part) => part.getBoundingClientRect());
      const box = { width: Math.max(...boxes.map((b) => b.right)) - Math.min(...boxes.map((b) => b.left)), height: Math.max(...boxes.map((b) => b.bottom)) - Math.min(...boxes.map((b) => b.top)) };
      if (Math.round(box.width) < 44 || Math.round(box.height) < 44) problems.push(`small target ${Math.round(box.width)}×${Math.round(box.height)}: ${label(control)}`);
    }

    // Text cut with an ellipsis where the member must read it whole: headings and tabs.
    for (const el of document.querySelectorAll('h1, h2, h3, h4, [role="tab"], [role="tab"] *, [data-testid="topbar-title"], .topbar__org-name')) {
      if (!shown(el)) continue;
      const style = getComputedStyle(el);
      if (style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth) problems.push(`clipped: ${label(el)}`);
      if (style.overflow === 'hidden' && el.scrollHeight > el.clientHeight + 1 && style.webkitLineClamp !== 'none') problems.push(`clamped: ${label(el)}`);
    }
    // Anything past the screen's edge inside a container that hides it (cards, rows) is cut too,
    // unless it sits in a row that scrolls sideways on purpose (tabs).
    const inScroller = (el: Element) => {
      for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
        const overflowX = getComputedStyle(node).overflowX;
        if (overflowX === 'auto' || overflowX === 'scroll') return true;
      }
      return false;
    };
    for (const el of document.querySelectorAll('main *')) {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && (box.right > root.clientWidth + 1 || box.left < -1) && shown(el) && !inScroller(el)) {
        problems.push(`beyond the screen edge (${Math.round(box.left)}..${Math.round(box.right)} of ${root.clientWidth}): ${label(el)}`);
        break;
      }
    }
    return [...new Set(problems)];
  });
}

/** Two frames: what a resize or a theme change lays out has been painted. */
export async function painted(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** One state of a screen (what the member did to get there stays) checked at every width in both themes, axe at 390 px. */
export async function sweepState(page: Page, label: string, findings: Finding[], extra: (page: Page) => Promise<string[]> = async () => []): Promise<number> {
  let checks = 0;
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 844 });
      await painted(page);
      for (const problem of [...(await layoutProblems(page)), ...(await extra(page))]) findings.push({ route: label, width, theme, problem });
      if (width === SCREENSHOT_WIDTH) {
        for (const problem of await axeViolations(page)) findings.push({ route: label, width, theme, problem });
        await page.screenshot({ path: `${SCREENS_DIR}/states_${label.replace(/[^\w]+/g, '-')}.${theme}.png`, fullPage: true });
      }
      checks += 1;
    }
  }
  return checks;
}
