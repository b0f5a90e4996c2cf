import path from 'node:path';
import { expect, test, useApp } from './fixtures';
import type { Page } from '@playwright/test';
import { SCREENSHOTS_DIR, screenshotBothThemes } from './helpers/browser';
import { layoutProblems } from './helpers/layout';
import { THEMES, USER_ROUTES, VIEWPORTS, VISITOR_ROUTES, open, signedInState, type StorageState } from './helpers/a11y';
import { signedInThroughApi } from './helpers/users';
import { EVENING_ZONE } from './helpers/zones';

/**
 * Mobile-ready on every route (issue 15): at 768×1024 (light theme) and 1280×800 (dark theme) no route of the
 * route map (helpers/a11y.ts) scrolls sideways, cuts a control off, has a control smaller than 44×44 px (inline
 * links in running text excepted) or text sticking out of its control (helpers/layout.ts), signed out and signed
 * in; 360×640 is checked in both themes on the same visit as axe (a11y-axe.e2e.test.ts). From 1024 px the
 * navigation is a rail and the dashboard uses the width. On a first day at 360×640 the FIRST TIME CHECK-IN button
 * is on screen without scrolling. Screenshots: test-results/screenshots/.
 */
const e2e = useApp({ context: { timezoneId: EVENING_ZONE, notificationPromptSeen: true } });

/** The signed-in person's cookies (a free user with one check-in today). */
let userState: StorageState;
test.beforeAll(async () => {
  userState = await signedInState(e2e, { firstName: 'Alex', timezone: EVENING_ZONE, checkIn: true });
});

const SIZES = [
  { ...VIEWPORTS[1], theme: 'light' },
  { ...VIEWPORTS[2], theme: 'dark' },
] as const;

test.describe('every route fits 768×1024 and 1280×800: no sideways scroll, no clipped control or text, 44 px targets', () => {
  for (const { theme, ...viewport } of SIZES) {
    test(`${viewport.width}×${viewport.height}, ${theme} theme`, async () => {
      const found: Record<string, unknown> = {};
      for (const who of ['visitor', 'user'] as const) {
        await e2e.withPage(
          async (page) => {
            for (const path of who === 'user' ? USER_ROUTES : VISITOR_ROUTES) {
              await open(page, path, { inApp: true });
              const p = await layoutProblems(page);
              if (p.length) found[`${who} ${path}`] = p;
            }
          },
          { ...viewport, theme, storageState: who === 'user' ? userState : undefined },
        );
      }
      expect(found).toEqual({});
    });
  }
});

test('at 1280×800 the navigation is a rail on the left and the dashboard uses the width in columns', async () => {
  await e2e.withPage(
    async (page) => {
      await open(page, '/');
      await page.getByTestId('tile-joy').waitFor();
      const layout = await page.evaluate(() => {
        const nav = document.querySelector('nav[aria-label="Main"]')!.getBoundingClientRect();
        const main = document.querySelector('main')!;
        const lefts = (els: Element[]) => [...new Set(els.map((e) => Math.round(e.getBoundingClientRect().left)))].length;
        return {
          nav: { left: nav.left, top: nav.top, width: nav.width, height: nav.height },
          mainLeft: main.getBoundingClientRect().left,
          mainWidth: main.getBoundingClientRect().width,
          cardColumns: lefts(Array.from(main.children)),
          tileColumns: lefts(Array.from(document.querySelectorAll('[data-testid^="tile-"]'))),
        };
      });
      // A rail: the full height of the screen at its left edge, narrow; the content starts right of it.
      expect(layout.nav).toMatchObject({ left: 0, top: 0, height: 800 });
      expect(layout.nav.width).toBeLessThanOrEqual(120);
      expect(layout.mainLeft).toBeGreaterThanOrEqual(layout.nav.width);
      // Not a phone column in the middle: the dashboard is wide, its cards in two columns and its tiles in four.
      expect(layout.mainWidth).toBeGreaterThan(900);
      expect(layout.cardColumns).toBe(2);
      expect(layout.tileColumns).toBe(4);
      await screenshotBothThemes(page, SCREENSHOTS_DIR, 'dashboard-1280');
    },
    { ...VIEWPORTS[2], storageState: userState },
  );
});

test.describe('a first day at 360×640', () => {
  for (const theme of THEMES) {
    test(`FIRST TIME CHECK-IN is within the viewport without scrolling, ${theme} theme`, async () => {
      await e2e.withPage(
        async (page) => {
          await signedInThroughApi(page.request, e2e.app, { firstName: 'Fran', timezone: EVENING_ZONE });
          await open(page, '/');
          const button = page.getByRole('link', { name: 'FIRST TIME CHECK-IN', exact: true });
          await button.waitFor();
          await page.screenshot({ path: path.join(SCREENSHOTS_DIR, `dashboard-first-day-fold-${theme}.png`) });
          expect(await page.evaluate(() => window.scrollY)).toBe(0);
          const box = (await button.boundingBox())!;
          expect(box.y).toBeGreaterThanOrEqual(0);
          expect(box.y + box.height, 'the button ends above the bottom navigation').toBeLessThanOrEqual(await bottomOfContent(page));
        },
        { ...VIEWPORTS[0], theme },
      );
    });
  }
});

/** The lowest y on screen not covered by a fixed bar at the bottom (the main navigation on a phone). */
function bottomOfContent(page: Page): Promise<number> {
  return page.evaluate(() => {
    const nav = document.querySelector('nav[aria-label="Main"]');
    const r = nav?.getBoundingClientRect();
    const fixedAtBottom = nav && getComputedStyle(nav).position === 'fixed' && r && r.bottom >= window.innerHeight - 1;
    return fixedAtBottom && r ? r.top : window.innerHeight;
  });
}
