import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { useApp } from './helpers/app';
import { layoutProblems } from './helpers/layout';
import { THEMES, USER_ROUTES, VIEWPORTS, VISITOR_ROUTES, open, signedInState, type StorageState } from './helpers/a11y';
import { signedInThroughApi } from './helpers/users';
import { EVENING_ZONE } from './helpers/zones';

/**
 * Mobile-ready on every route (issue 15): at 360×640, 768×1024 and 1280×800 no route of the route map
 * (helpers/a11y.ts) scrolls sideways, cuts a control off or has a control smaller than 44×44 px (inline links in
 * running text excepted, see helpers/layout.ts), signed out and signed in. On a first day at 360×640 the
 * FIRST TIME CHECK-IN button is on screen without scrolling (its screenshots: test-results/screenshots/).
 */
const e2e = useApp({ context: { timezoneId: EVENING_ZONE, theme: 'dark', notificationPromptSeen: true } });

/** The signed-in person's cookies (a free user with one check-in today). */
let userState: StorageState;
beforeAll(async () => {
  userState = await signedInState(e2e, { firstName: 'Alex', timezone: EVENING_ZONE, checkIn: true });
});

describe('every route fits 360×640, 768×1024 and 1280×800: no sideways scroll, no clipped control, 44 px targets', () => {
  for (const viewport of VIEWPORTS) {
    test(`${viewport.width}×${viewport.height}`, async () => {
      const found: Record<string, unknown> = {};
      for (const who of ['visitor', 'user'] as const) {
        await e2e.withPage(
          async (page) => {
            for (const path of who === 'user' ? USER_ROUTES : VISITOR_ROUTES) {
              await open(page, path);
              const p = await layoutProblems(page);
              if (p.length) found[`${who} ${path}`] = p;
            }
          },
          { ...viewport, storageState: who === 'user' ? userState : undefined },
        );
      }
      expect(found).toEqual({});
    });
  }
});

describe('a first day at 360×640', () => {
  const shots = path.resolve(import.meta.dirname, '../test-results/screenshots');
  for (const theme of THEMES) {
    test(`FIRST TIME CHECK-IN is within the viewport without scrolling, ${theme} theme`, async () => {
      await e2e.withPage(
        async (page) => {
          await signedInThroughApi(page.request, e2e.app, { firstName: 'Fran', timezone: EVENING_ZONE });
          await open(page, '/');
          const button = page.getByRole('link', { name: 'FIRST TIME CHECK-IN', exact: true });
          await button.waitFor();
          mkdirSync(shots, { recursive: true });
          await page.screenshot({ path: path.join(shots, `dashboard-first-day-fold-${theme}.png`) });
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
