import { describe, expect, test } from 'vitest';
import { PRICES_CENTS, formatUsd } from '@shared/domain/prices';
import { FREEZE_DAYS_BY_TIER } from '@shared/domain/tiers';
import { APP_VERSION } from '@shared/version';
import { FAQ, type Block } from './faq';
import { PRIVACY, TERMS, formatLegalDate, type LegalDocument } from './legal';
import { RELEASES } from './releases';

const text = (blocks: readonly Block[]) => blocks.map((b) => (typeof b === 'string' ? b : b.list.join('\n'))).join('\n');
const faqText = FAQ.flatMap((c) => c.items.map((i) => `${i.question}\n${text(i.answer)}`)).join('\n');
const docText = (d: LegalDocument) => [d.intro, ...d.sections.map((s) => `${s.title}\n${text(s.body)}`)].join('\n');

describe('FAQ (spec part 2 §2)', () => {
  test('16 questions in the seven categories, in order, each with an answer', () => {
    expect(FAQ.map((c) => c.title)).toEqual([
      'Getting Started',
      'Daily Check-ins',
      'Streaks & Shields',
      'Subscriptions & Pricing',
      'Technical Support',
      'AI Coach',
      'Troubleshooting',
    ]);
    const items = FAQ.flatMap((c) => c.items);
    expect(items).toHaveLength(16);
    expect(new Set(items.map((i) => i.id)).size).toBe(16);
    for (const c of FAQ) expect(c.items.length).toBeGreaterThan(0);
    for (const i of items) expect(text(i.answer).length).toBeGreaterThan(40);
  });

  test("quotes the product's own prices, shields, window, reminders, offline rule and export formats", () => {
    for (const cents of [PRICES_CENTS.adFreeMonthly, PRICES_CENTS.premiumMonthly, PRICES_CENTS.aiCoachMonthly, PRICES_CENTS.shield, PRICES_CENTS.streakRecovery]) {
      expect(faqText).toContain(formatUsd(cents));
    }
    expect(faqText).toContain(`Ad-Free (${formatUsd(PRICES_CENTS.adFreeMonthly)}/month)`);
    expect(faqText).toContain(`Premium (${formatUsd(PRICES_CENTS.premiumMonthly)}/month)`);
    expect(faqText).toContain(`AI Coach (${formatUsd(PRICES_CENTS.aiCoachMonthly)}/month)`);
    expect(faqText).toContain(`recovery ${formatUsd(PRICES_CENTS.streakRecovery)}`);
    expect(faqText).not.toMatch(/recover[^.]*\$4\.99/i); // DECISIONS: recovery is $9.99 everywhere
    expect(faqText).not.toMatch(/first recovery is free/i);
    for (const [tier, n] of [['Ad-Free', FREEZE_DAYS_BY_TIER['ad-free']], ['Premium', FREEZE_DAYS_BY_TIER.premium], ['AI Coach', FREEZE_DAYS_BY_TIER['ai-coach']]] as const) {
      expect(faqText).toContain(`${tier}: ${n} shield`);
    }
    expect(faqText).toMatch(/coming soon/i);
    // Issue 28: rest days beside shields, with their allowance; the strength score's rule.
    expect(faqText).toMatch(/Rest days sit beside shields[^]*14 a year[^]*uses no shield/);
    expect(faqText).toContain('A missed day lowers it a little; a shield or a rest day keeps it.');
    for (const s of ['8:00 PM', '11:45 PM', '11:59:59 PM', '15-minute', 'first 24 hours', '10 minutes before the window closes', 'within 48 hours', 'PDF, JSON or CSV', '30 days']) {
      expect(faqText).toContain(s);
    }
  });
});

describe('legal texts', () => {
  test('terms: every section the spec lists, in order, dated, with the liability cap and the price-change notice', () => {
    expect(TERMS.sections.map((s) => s.id)).toEqual([
      'acceptance',
      'service',
      'responsibilities',
      'medical',
      'subscriptions',
      'ip',
      'prohibited',
      'liability',
      'privacy',
      'termination',
      'changes',
      'law',
      'contact',
    ]);
    const t = docText(TERMS);
    expect(t).toContain('the amount you paid us in the 12 months before the claim');
    expect(t).toContain('at least 30 days before');
    expect(t).toMatch(/not a medical device/);
    expect(t).toContain(formatUsd(PRICES_CENTS.streakRecovery));
    expect(formatLegalDate(TERMS.lastUpdated)).toBe('November 25, 2026');
  });

  test('privacy: collection, use, storage, the one session cookie, third parties, 30-day removal, export, keyed hash, under-13s', () => {
    const p = docText(PRIVACY);
    for (const s of ['What we collect', 'Why we use it', 'Where it is stored', 'Cookies', 'Third parties', 'How long we keep it', 'Children', 'Contact']) {
      expect(PRIVACY.sections.map((x) => x.title)).toContain(s);
    }
    for (const s of ['Stripe', 'e-mail delivery provider', 'push service', 'AI provider', 'within 30 days', 'PDF, JSON or CSV', 'keyed hash', 'not for children under 13', 'single session cookie']) {
      expect(p).toContain(s);
    }
    expect(formatLegalDate(PRIVACY.lastUpdated)).toBe('November 25, 2026');
  });
});

describe("What's New", () => {
  test('newest first; the latest is the running version; no release dated after today', () => {
    expect(RELEASES[0]!.version).toBe(APP_VERSION);
    const num = (v: string) => v.split('.').reduce((a, p) => a * 1000 + Number(p), 0);
    for (let i = 1; i < RELEASES.length; i++) {
      expect(num(RELEASES[i - 1]!.version)).toBeGreaterThan(num(RELEASES[i]!.version));
      expect(RELEASES[i - 1]!.date >= RELEASES[i]!.date).toBe(true);
    }
    for (const r of RELEASES) {
      expect(r.date <= '2026-11-25').toBe(true);
      expect(r.notes.length).toBeGreaterThan(0);
    }
  });
});
