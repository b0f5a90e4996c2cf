/**
 * The authorisation matrix (issue 25): the expected status of every route of the API for each kind of caller.
 * authz-matrix.test.ts reads the route table from the built app (DEV_TOOLS on) and fails for a route without a row
 * here, printing the statuses it observed so the row can be written (check each one before pasting it!).
 *
 * Columns:
 * - out: signed out; free, premium, aiCoach: a signed-in user of that tier; admin: a free user listed in ADMIN_EMAILS;
 * - other: a signed-in AI Coach user (not an admin) sending ANOTHER user's ids: required on rows whose request holds
 *   an id placeholder, and always a 4xx (nothing of another user is readable or writable).
 * Each cell is called by a user of its own, made for it, so a cell that deletes an account or signs out spoils none.
 *
 * Requests: `$checkIn`, `$conversation`, `$feedback` and `$checkout` in params, query or body are replaced by an id
 * that exists nowhere for the role columns, and by the other user's own id in the `other` column.
 */
export type Role = 'out' | 'free' | 'premium' | 'aiCoach' | 'admin';
export const ROLES: readonly Role[] = ['out', 'free', 'premium', 'aiCoach', 'admin'];

export interface MatrixRequest {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

export interface MatrixRow {
  request?: MatrixRequest;
  expect: Record<Role, number> & { other?: number };
}

/** A route any signed-in user may call, answering `status` (signed out: 401). */
const signedIn = (status: number, more: Partial<MatrixRow['expect']> = {}): MatrixRow['expect'] => ({
  out: 401,
  free: status,
  premium: status,
  aiCoach: status,
  admin: status,
  ...more,
});
/** A route for admins only. */
const adminOnly = (status: number, more: Partial<MatrixRow['expect']> = {}): MatrixRow['expect'] => ({
  out: 401,
  free: 403,
  premium: 403,
  aiCoach: 403,
  admin: status,
  ...more,
});
/** A public route answering `status` to everyone. */
const everyone = (status: number, more: Partial<MatrixRow['expect']> = {}): MatrixRow['expect'] => ({
  out: status,
  free: status,
  premium: status,
  aiCoach: status,
  admin: status,
  ...more,
});

const CHECK_IN = { answers: [3, 2, 4, 1, 0, 2, 3] };

export const AUTHZ_MATRIX: Record<string, MatrixRow> = {
  // ---- health, auth
  'GET /api/health': { expect: everyone(200) },
  'GET /api/version': { expect: everyone(200) },
  'POST /api/auth/signup': {
    request: { body: { firstName: 'Matrix', email: '$newEmail', password: 'Passw0rd!long' } },
    expect: everyone(201),
  },
  'POST /api/auth/signin': { request: { body: { email: 'nobody@matrix.test', password: 'Passw0rd!long' } }, expect: everyone(404) },
  'GET /api/auth/session': { expect: everyone(200) },
  'POST /api/auth/resend-verification': { request: { body: { email: 'nobody@matrix.test' } }, expect: everyone(200) },
  'POST /api/auth/reset-password': { request: { body: { token: 'not-a-token', password: 'Passw0rd!long' } }, expect: everyone(400) },
  'GET /api/auth/verify-email': { request: { query: { token: 'not-a-token' } }, expect: everyone(400) },
  'POST /api/auth/forgot-password': { request: { body: { email: 'nobody@matrix.test' } }, expect: everyone(200) },
  'GET /api/auth/user': { expect: signedIn(200) },
  'POST /api/auth/logout': { expect: everyone(200) },
  'GET /api/auth/providers': { expect: everyone(200) },
  'GET /api/auth/google': { expect: everyone(302) },
  'GET /api/auth/google/callback': { expect: everyone(302) },

  // ---- AI Coach
  'POST /api/ai-coach/ask': {
    request: { body: { question: 'How do I sleep better?', conversationId: '$conversation' } },
    expect: signedIn(404, { free: 403, premium: 403, admin: 403, other: 404 }),
  },
  'GET /api/ai-coach/conversations': { expect: signedIn(200, { free: 403, premium: 403, admin: 403 }) },
  'DELETE /api/ai-coach/conversations/:id': {
    request: { params: { id: '$conversation' } },
    expect: signedIn(404, { free: 403, premium: 403, admin: 403, other: 404 }),
  },
  'GET /api/ai-coach/conversations/:id/messages': {
    request: { params: { id: '$conversation' } },
    expect: signedIn(404, { free: 403, premium: 403, admin: 403, other: 404 }),
  },

  // ---- admin
  'GET /api/admin/business-metrics': { expect: adminOnly(200) },
  'GET /api/admin/scaling-readiness': { expect: adminOnly(200) },
  'GET /api/admin/jobs/failed': { expect: adminOnly(200) },
  'GET /api/analytics/business-metrics': { expect: adminOnly(200) },
  'GET /api/feedback': { expect: adminOnly(200) },
  'GET /api/feedback/unread-count': { expect: adminOnly(200) },
  'DELETE /api/feedback/:id': { request: { params: { id: '$feedback' } }, expect: adminOnly(404, { other: 403 }) },
  'PATCH /api/feedback/:id/read': { request: { params: { id: '$feedback' } }, expect: adminOnly(404, { other: 403 }) },

  // ---- user, account, support
  'PATCH /api/user/timezone': { request: { body: { timezone: 'Europe/Paris' } }, expect: signedIn(200) },
  'PATCH /api/user/profile': { request: { body: { firstName: 'Renamed' } }, expect: signedIn(200) },
  'GET /api/user/deletion-offer': { expect: signedIn(200) },
  'DELETE /api/user/account': { expect: signedIn(200) },
  'GET /api/user/export': { request: { query: { format: 'json' } }, expect: signedIn(200) },
  'POST /api/user/import': { request: { body: { exportVersion: 2, checkIns: [] } }, expect: signedIn(200) },
  'POST /api/user/export-wellness-data': { expect: signedIn(200) },
  // At 21:00 the day's check-in hour has passed: the change is refused for today (the guard let it through).
  'PATCH /api/user/check-in-time': { request: { body: { checkInTime: '20:00' } }, expect: signedIn(409) },
  'POST /api/support/contact': { request: { body: { subject: 'Help', message: 'A question' } }, expect: signedIn(200) },
  'POST /api/feedback': { request: { body: { message: 'Nice app' } }, expect: signedIn(201) },

  // ---- subscriptions, rewards, coupons, payments
  'GET /api/subscription': { expect: signedIn(200) },
  'POST /api/subscription/dismiss-trial-expiry': { request: { body: { trialType: 'premium' } }, expect: signedIn(200) },
  'GET /api/rewards/available': { expect: signedIn(200) },
  'POST /api/rewards/claim': { request: { body: { rewardType: 'premium' } }, expect: signedIn(400) },
  'POST /api/coupons/redeem': { request: { body: { code: 'NOSUCHCODE' } }, expect: signedIn(400) },
  'POST /api/stripe/create-checkout-session': { request: { body: { productType: 'freeze_day' } }, expect: signedIn(200) },
  'POST /api/stripe/process-payment': {
    request: { body: { sessionId: '$checkout' } },
    expect: signedIn(404, { other: 404 }),
  },
  // Stripe is not configured in tests: the portal and the webhook are not there.
  'POST /api/stripe/portal': { expect: signedIn(404) },
  'GET /api/stripe/test-checkout/:id': { request: { params: { id: '$checkout' } }, expect: signedIn(404, { other: 404 }) },
  'POST /api/stripe/test-checkout/:id/pay': { request: { params: { id: '$checkout' } }, expect: signedIn(404, { other: 404 }) },
  'POST /api/stripe/test-checkout/:id/cancel': { request: { params: { id: '$checkout' } }, expect: signedIn(404, { other: 404 }) },
  'POST /api/stripe/webhook': { request: { body: { type: 'checkout.session.completed' } }, expect: everyone(404) },
  'GET /api/purchase-history': { expect: signedIn(200) },

  // ---- check-ins, journal, tips, dashboard
  // Scale answers: the paid tiers' shape; the free tier (and the free admin) answers yes or no.
  'POST /api/checkins': { request: { body: CHECK_IN }, expect: signedIn(201, { free: 400, admin: 400 }) },
  'GET /api/checkins/today': { expect: signedIn(200) },
  'GET /api/checkins/history': { expect: signedIn(200) },
  'GET /api/checkins/orientation-state': { expect: signedIn(200) },
  'POST /api/checkins/start-session': { expect: signedIn(200) },
  'GET /api/journal-entries/check-in/:id': {
    request: { params: { id: '$checkIn' } },
    expect: signedIn(404, { other: 404 }),
  },
  'POST /api/journal-entries/:checkInId': {
    request: { params: { checkInId: '$checkIn' }, body: { restJournal: 'Slept well' } },
    expect: signedIn(404, { other: 404 }),
  },
  'GET /api/premium/tips': { expect: signedIn(200, { free: 403, admin: 403 }) },
  'GET /api/insights/correlations': { expect: signedIn(200, { free: 403, admin: 403 }) },
  'GET /api/insights/year': { request: { query: { year: '2026' } }, expect: signedIn(200) },
  'GET /api/insights/strength': { expect: signedIn(200) },
  'GET /api/dashboard': { expect: signedIn(200) },

  // ---- streak
  'GET /api/streak': { expect: signedIn(200) },
  'GET /api/streak/frozen-days': { expect: signedIn(200) },
  'POST /api/streak/recover': { expect: signedIn(400) },
  'GET /api/streak/recovery-payments': { expect: signedIn(200) },
  'GET /api/streak/recovery-available': { expect: signedIn(200) },
  'POST /api/streak/decline-recovery': { expect: signedIn(200) },
  'GET /api/streak/calendar': { request: { query: { month: '2026-03' } }, expect: signedIn(200) },
  'GET /api/streak/ledger': { expect: signedIn(200) },
  'GET /api/streak/usage-history': { expect: signedIn(200) },
  'GET /api/streak/rest-days': { expect: signedIn(200) },
  'POST /api/streak/rest-days': { request: { body: { dates: ['2026-03-20'] } }, expect: signedIn(200) },
  'DELETE /api/streak/rest-days/:date': { request: { params: { date: '2026-03-21' } }, expect: signedIn(404) },

  // ---- notifications
  'GET /api/notifications/vapid-public-key': { expect: everyone(200) },
  'POST /api/notifications/register-token': { request: { body: { token: 'not-a-subscription' } }, expect: signedIn(400) },
  'GET /api/notifications/settings': { expect: signedIn(200) },
  'PATCH /api/notifications/settings': { request: { body: { dailyReminders: false } }, expect: signedIn(200) },
  // No device is subscribed: 409 (the guard let it through).
  'POST /api/notifications/send-test': { expect: signedIn(409) },
  'POST /api/notifications/toggle': { request: { body: { type: 'daily', enabled: false } }, expect: signedIn(200) },
  'POST /api/notifications/trigger-checkin': { expect: signedIn(409) },
  'GET /api/notifications/check': { expect: signedIn(200) },

  // ---- developer tools (DEV_TOOLS on; with it off every one answers 404: the test checks that too)
  'POST /api/dev/create-lost-streak': { request: { body: { lostDays: 3 } }, expect: signedIn(200) },
  'POST /api/developer/reset-streak': { expect: signedIn(200) },
  'POST /api/developer/reset-trial-notification': { expect: signedIn(200) },
  'POST /api/test/set-streak': { request: { body: { days: 5 } }, expect: signedIn(200) },
  'POST /api/test/simulate-shield-protection': { expect: signedIn(200) },
  'POST /api/test/reset-streak': { expect: signedIn(200) },
  'POST /api/streak/reset-freeze-days': { request: { body: { freezeDays: 2 } }, expect: signedIn(200) },
};

/** Paths of the developer tools: absent (404) unless DEV_TOOLS is on. */
export const DEV_ROUTE = /^\S+ \/api\/(dev|developer|test)\//;
