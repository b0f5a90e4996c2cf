import { beforeAll, describe, expect, test } from 'vitest';
import { useApp } from './helpers/app';
import { allA11yViolations } from './helpers/browser';
import { THEMES, USER_ROUTES, VIEWPORTS, VISITOR_ROUTES, open, signedInState, type StorageState } from './helpers/a11y';
import { EVENING_ZONE } from './helpers/zones';

/**
 * Accessible on every route (issue 15): axe finds no WCAG 2.1 A/AA violation of any impact on any route of the
 * route map (helpers/a11y.ts), signed out and signed in, in both themes. The layout checks are in
 * a11y-layout.e2e.test.ts, the dialogs in a11y-dialogs.e2e.test.ts (separate files so they run side by side).
 */
const e2e = useApp({ context: { ...VIEWPORTS[0], timezoneId: EVENING_ZONE, notificationPromptSeen: true } });

/** The signed-in person's cookies (a free user with one check-in today). */
let userState: StorageState;
beforeAll(async () => {
  userState = await signedInState(e2e, { firstName: 'Alex', timezone: EVENING_ZONE, checkIn: true });
});

describe('every route passes axe (WCAG 2.1 A/AA, all impacts) in both themes', () => {
  for (const theme of THEMES) {
    for (const who of ['signed out', 'signed in'] as const) {
      test(`${who}, ${theme} theme`, async () => {
        const routes = who === 'signed in' ? USER_ROUTES : VISITOR_ROUTES;
        await e2e.withPage(
          async (page) => {
            const found: Record<string, unknown> = {};
            for (const path of routes) {
              await open(page, path);
              const v = await allA11yViolations(page);
              if (v.length) found[path] = v;
            }
            expect(found).toEqual({});
          },
          { theme, storageState: who === 'signed in' ? userState : undefined },
        );
      });
    }
  }
});
