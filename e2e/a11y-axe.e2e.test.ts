import { expect, test, useApp } from './fixtures';
import { allA11yViolations } from './helpers/browser';
import { layoutProblems } from './helpers/layout';
import { THEMES, USER_ROUTES, VIEWPORTS, VISITOR_ROUTES, open, signedInState, type StorageState } from './helpers/a11y';
import { EVENING_ZONE } from './helpers/zones';

/**
 * Accessible on every route (issue 15): axe finds no WCAG 2.1 A/AA violation of any impact on any route of the
 * route map (helpers/a11y.ts), signed out and signed in, in both themes; and on the same visit at 360×640 (the
 * phone the app is made for) the layout checks of helpers/layout.ts pass in both themes. The other sizes are in
 * a11y-layout.e2e.test.ts, the dialogs in a11y-dialogs.e2e.test.ts, the screens only a journey reaches (a first
 * day, the review, the moment after a check-in, the 0–4 scale, an AI coach conversation) in
 * a11y-moments.e2e.test.ts: separate files, so they can run side by side.
 */
const e2e = useApp({ context: { ...VIEWPORTS[0], timezoneId: EVENING_ZONE, notificationPromptSeen: true } });

/** The signed-in person's cookies (a free user with one check-in today). */
let userState: StorageState;
test.beforeAll(async () => {
  userState = await signedInState(e2e, { firstName: 'Alex', timezone: EVENING_ZONE, checkIn: true });
});

test.describe('every route passes axe (WCAG 2.1 A/AA, all impacts) and fits 360×640, in both themes', () => {
  for (const theme of THEMES) {
    for (const who of ['signed out', 'signed in'] as const) {
      test(`${who}, ${theme} theme`, async () => {
        const routes = who === 'signed in' ? USER_ROUTES : VISITOR_ROUTES;
        await e2e.withPage(
          async (page) => {
            const axe: Record<string, unknown> = {};
            const layout: Record<string, unknown> = {};
            for (const path of routes) {
              await open(page, path, { inApp: true });
              const v = await allA11yViolations(page);
              if (v.length) axe[path] = v;
              const p = await layoutProblems(page);
              if (p.length) layout[path] = p;
            }
            expect(axe, 'axe').toEqual({});
            expect(layout, 'layout at 360×640').toEqual({});
          },
          { theme, storageState: who === 'signed in' ? userState : undefined },
        );
      });
    }
  }
});
