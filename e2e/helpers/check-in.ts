import { expect, type Page } from '@playwright/test';

/** The check-in flow's heading of question `n` (of 7); it holds the focus while that question is shown. */
export const questionHeading = (page: Page, n: number) => page.locator('h2', { hasText: `Question ${n} of 7` });
export const reviewHeading = (page: Page) => page.getByRole('heading', { name: 'Review your answers' });

/** Answers the seven yes/no questions by tapping (No for the questions numbered in `noAt`), up to the review. */
export async function answerYesNo(page: Page, noAt: readonly number[] = []): Promise<void> {
  for (let i = 1; i <= 7; i++) {
    await expect(questionHeading(page, i)).toBeVisible();
    await page.getByRole('button', { name: noAt.includes(i) ? 'No' : 'Yes', exact: true }).click();
  }
  await expect(reviewHeading(page)).toBeVisible();
}

/** What a moment after a check-in showed while it was open (recorded in the page by recordMoments). */
export interface MomentRecord {
  /** When it appeared and ended (performance.now(); goneAt null while it is open). */
  shownAt: number;
  goneAt: number | null;
  text: string;
  /** Its kind (data-kind) and the text of its parts (moment-heading, -streak, -score, -sentence). */
  kind: string | null;
  heading: string | null;
  streak: string | null;
  score: string | null;
  sentence: string | null;
  /** The week's dots (each li's data-done) and the week's label. */
  dots: (string | null)[];
  weekLabel: string | null;
  queued: boolean;
  /** The confetti layer was there; pieces were in it; some were falling (a running animation). */
  confettiLayer: boolean;
  confettiPieces: number;
  confettiFalling: boolean;
  /** A loading overlay covered the page while the moment was open. */
  loadingOverlay: boolean;
  /** The focus was on its button (moment-continue) while it was open. */
  focusOnButton: boolean;
}

/**
 * Records in the page every moment after a check-in while it is open (from the next page load on; a reload starts a
 * new list). The moment ends by itself after ~2 s (MOMENT_MS), so a test reads what it showed from here, not from a
 * live element that may already be gone on a busy machine.
 */
export async function recordMoments(page: Page): Promise<() => Promise<MomentRecord[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __moments: MomentRecord[] };
    w.__moments = [];
    let open: { el: Element; r: MomentRecord } | null = null;
    let watching = false;
    const read = () => {
      const el = document.querySelector('[data-testid="check-in-moment"]');
      if (open && open.el !== el) {
        open.r.goneAt = performance.now();
        open = null;
      }
      if (!el) return false;
      if (!open) {
        const fresh: MomentRecord = {
          shownAt: performance.now(),
          goneAt: null,
          text: '',
          kind: null,
          heading: null,
          streak: null,
          score: null,
          sentence: null,
          dots: [],
          weekLabel: null,
          queued: false,
          confettiLayer: false,
          confettiPieces: 0,
          confettiFalling: false,
          loadingOverlay: false,
          focusOnButton: false,
        };
        open = { el, r: fresh };
        w.__moments.push(fresh);
      }
      const r = open.r;
      const part = (id: string) => (el.querySelector(`[data-testid="${id}"]`) as HTMLElement | null)?.innerText ?? null;
      r.text = el.textContent || r.text;
      r.kind = el.getAttribute('data-kind');
      r.heading = part('moment-heading');
      r.streak = part('moment-streak');
      r.score = part('moment-score');
      r.sentence = part('moment-sentence');
      const week = el.querySelector('[data-testid="moment-week"]');
      r.dots = [...(week?.querySelectorAll('li') ?? [])].map((l) => l.getAttribute('data-done'));
      r.weekLabel = week?.getAttribute('aria-label') ?? null;
      r.queued ||= el.querySelector('[data-testid="check-in-moment-queued"]') !== null;
      r.loadingOverlay ||= document.querySelector('[data-testid="loading-overlay"]') !== null;
      r.focusOnButton ||= document.activeElement?.getAttribute('data-testid') === 'moment-continue';
      const confetti = document.querySelector('[data-testid="confetti"]');
      if (confetti) {
        r.confettiLayer = true;
        r.confettiPieces = Math.max(r.confettiPieces, confetti.children.length);
        r.confettiFalling ||= Array.from(confetti.children).some((p) => p.getAnimations().some((a) => a.playState === 'running'));
      }
      return true;
    };
    // Each change of the page, and each frame while a moment is open (an animation or a focus move changes no DOM).
    const frame = () => {
      watching = read();
      if (watching) requestAnimationFrame(frame);
    };
    new MutationObserver(() => {
      if (read() && !watching) {
        watching = true;
        requestAnimationFrame(frame);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  return () => page.evaluate(() => (window as unknown as { __moments: MomentRecord[] }).__moments);
}

/** The moment has ended (its element left the page). */
export const momentEnded = (m: MomentRecord): boolean => m.goneAt !== null;

/**
 * The moment whose text holds `title` was shown (recordMoments); answers what it showed, once `until` holds of it
 * (by default at once; `momentEnded` for all it showed).
 */
export async function momentShown(
  moments: () => Promise<MomentRecord[]>,
  title: string,
  until: (m: MomentRecord) => boolean = () => true,
): Promise<MomentRecord> {
  let found: MomentRecord | undefined;
  await expect
    .poll(async () => ((found = (await moments()).find((m) => m.text.includes(title))) ? until(found) : 'not shown'), {
      message: `the moment "${title}"`,
      timeout: 20_000,
    })
    .toBe(true);
  return found!;
}

/**
 * Ends the moment after a check-in with its button, as a person in a hurry would (it may have ended by itself: it
 * lasts ~2 s, so what it showed is read with recordMoments), and waits until the dashboard is back. Call it after
 * momentShown: it does not wait for the moment to appear.
 */
export async function endMoment(page: Page): Promise<void> {
  const moment = page.getByTestId('check-in-moment');
  await moment
    .getByTestId('moment-continue')
    .click({ timeout: 2_000 })
    .catch(() => undefined); // already gone by itself: the wait below says so
  await moment.waitFor({ state: 'detached' });
}

/**
 * Back on the dashboard after a check-in: the moment (whose text holds `title`) has shown and ended by itself (its
 * confetti with it) and the score has moved to `percent` ('86%'), so what is on screen stays still.
 */
export async function momentSettled(page: Page, moments: () => Promise<MomentRecord[]>, title: string, percent: string): Promise<void> {
  await momentShown(moments, title);
  await expect(page.getByTestId('check-in-moment')).toHaveCount(0, { timeout: 10_000 });
  await expect(page.getByTestId('confetti')).toHaveCount(0);
  await expect(page.getByTestId('overall-score-shown')).toHaveText(percent, { useInnerText: true, timeout: 10_000 });
}
