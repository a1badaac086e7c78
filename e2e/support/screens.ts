import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { paths } from './paths';

/** The main screens a reviewer can look at without running anything (README names the folder). */
export const MAIN_SCREENS = [
  'landing',
  'login',
  'register',
  'verify-otp',
  'forgot-password',
  'dashboard',
  'collections',
  'collection-detail',
  'collection-content',
  'collection-files',
  'content-list',
  'content-list-filtered',
  'content-create',
  'content-editor',
  'content-view',
  'account-settings',
  '404',
  // Sharing: the owner's Share dialog, the invitation link, what a member sees.
  'share-dialog',
  'invitation',
  'shared-collections',
  'shared-collection',
  'shared-content-view',
  // Search: the palette over the dashboard, the /search page, the tags screen.
  'search-palette',
  'search',
  'tags',
  // Versions: the History dialog of a content item.
  'history',
  // The pipeline: the board, the calendar, the teleprompter.
  'board',
  'calendar',
  'teleprompter',
  // Trash and account deletion.
  'trash',
  'delete-account-dialog',
  // Export and import: the Your data card, the Import card after a vault came in.
  'account-export',
  'account-import',
  // Publishing: a published collection's page and one of its items, signed out.
  'public-page',
  'public-item',
  // Attachment previews (decisions 190, 191): an SVG drawn as a PNG, a PDF in its frame.
  'file-preview',
  'file-preview-pdf',
  // Creator tools (decisions 233–236): a first visit's offers, the template picker, an item's
  // chapters, captions and show notes, the teleprompter's shortcuts.
  'first-run',
  'template-picker',
  'creator-tools',
  'teleprompter-shortcuts',
  // Notifications: the bell's open list, the mail settings, a collection's activity.
  'notifications-open',
  'account-settings-notifications',
  'collection-activity',
  // Offline (decision 238): the writing page reopened without a network, the Offline pill.
  'offline-editor',
] as const;
export type MainScreen = (typeof MAIN_SCREENS)[number];

export const SCREENSHOT_WIDTHS = [375, 768, 1280] as const;

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

async function settle(page: Page) {
  // Lazy chunks, fonts and queries: wait until the screen stops fetching (bounded: a screen
  // that polls would otherwise never be idle).
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/**
 * axe-core on the page as it is now. Serious and critical violations fail the test (softly, so
 * the rest of the journey still runs and reports), with one readable line per rule and the
 * CSS targets of the offending nodes; the full axe answer is attached to the report.
 */
export async function expectAccessible(page: Page, testInfo: TestInfo, screen: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((v) => v.impact && BLOCKING_IMPACTS.has(v.impact));
  if (blocking.length > 0) {
    await testInfo.attach(`axe-${screen}.json`, {
      body: JSON.stringify(blocking, null, 2),
      contentType: 'application/json',
    });
  }
  const lines = blocking.map((violation) => {
    const nodes = violation.nodes.slice(0, 6).map((node) => {
      const why = [...node.any, ...node.all, ...node.none][0]?.message ?? '';
      const html = node.html.replace(/\s+/g, ' ').slice(0, 140);
      return `      at ${node.target.join(' ')}: ${html}${why ? `\n         ${why}` : ''}`;
    });
    const more =
      violation.nodes.length > 6 ? `\n      …and ${violation.nodes.length - 6} more` : '';
    return `${violation.impact} ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes.join('\n')}${more}`;
  });
  expect
    .soft(
      lines,
      `Accessibility: serious or critical axe-core violations on the "${screen}" screen (${page.url()})`,
    )
    .toEqual([]);
}

/**
 * A screen wider than the viewport (sideways scrolling on a phone) is broken. Names the
 * innermost elements that stick out, so the message says where to look.
 */
async function expectNoHorizontalScroll(page: Page, screen: string, width: number) {
  const overflow = await page.evaluate((viewport) => {
    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth <= viewport) return null;
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const classes = Array.from(element.classList)
        .slice(0, 4)
        .map((name) => `.${name}`)
        .join('');
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
      const right = Math.round(element.getBoundingClientRect().right);
      return `<${element.tagName.toLowerCase()}${id}${classes}> ends at ${right}px: "${text}"`;
    };
    const sticking = Array.from(document.body.querySelectorAll('*')).filter(
      (element) => element.getBoundingClientRect().right > viewport + 1,
    );
    const innermost = sticking.filter(
      (element) => !sticking.some((other) => other !== element && element.contains(other)),
    );
    return { pageWidth, culprits: innermost.slice(0, 5).map(describe) };
  }, width);
  expect
    .soft(
      overflow,
      overflow
        ? `Layout: the "${screen}" screen is ${overflow.pageWidth}px wide in a ${width}px window ` +
            `(sideways scrolling). Sticking out:\n  ${overflow.culprits.join('\n  ')}`
        : '',
    )
    .toBeNull();
}

function screenshotFile(screen: MainScreen, width: number) {
  return path.join(paths.screenshots, `${screen}-${width}.png`);
}

/**
 * Full-page screenshots of the screen at 375, 768 and 1280 px into e2e/artifacts/screenshots/,
 * each width also checked by axe-core and for sideways scrolling
 * (once per run: a screen several journeys visit is taken by the first). The viewport is put
 * back afterwards so the journey goes on as before.
 */
export async function captureWidths(page: Page, screen: MainScreen) {
  if (SCREENSHOT_WIDTHS.every((width) => fs.existsSync(screenshotFile(screen, width)))) return;
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  try {
    for (const width of SCREENSHOT_WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await page.waitForTimeout(250); // layout and CSS transitions after the resize
      await expectNoHorizontalScroll(page, screen, width);
      // axe at every width, not only the journey's own: a phone layout hides, stacks and
      // resizes things (the journey's width was checked by checkScreen just before).
      if (width !== original.width) {
        await expectAccessible(page, test.info(), `${screen} at ${width} px`);
      }
      await page.screenshot({
        path: screenshotFile(screen, width),
        fullPage: true,
        animations: 'disabled',
      });
    }
  } finally {
    await page.setViewportSize(original);
  }
}

function isMainScreen(screen: string): screen is MainScreen {
  return (MAIN_SCREENS as readonly string[]).includes(screen);
}

/** Every screen a journey reaches: accessibility check, and screenshots for the main screens. */
export async function checkScreen(page: Page, testInfo: TestInfo, screen: string) {
  await test.step(`check the "${screen}" screen: axe-core and screenshots`, async () => {
    await settle(page);
    await expectAccessible(page, testInfo, screen);
    if (isMainScreen(screen)) await captureWidths(page, screen);
  });
}
