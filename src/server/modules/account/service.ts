import { inTx, type ServiceContext } from '@server/context';
import { localDateOf } from '@shared/domain/dates';
import { hasAiCoach } from '@shared/domain/tiers';
import {
  DELETION_OFFERS,
  EXPORT_VERSION,
  IMPORT_MESSAGES,
  IMPORT_VERSIONS,
  accountExportSchema,
  importFileSchema,
  type AccountExport,
  type DeletionOffer,
  type ImportCheckIn,
  type ImportResult,
} from '@shared/schemas/account';
import { badRequest } from '@server/errors';
import { type UserRow, toPublicUser } from '@server/plugins/session';
import { recordAccountDeletion } from '../admin/service';
import { history, importCheckIns, importedCheckInIds, journalsOf, userTimeZone } from '../check-ins/service';
import { conversationsExport } from '../ai-coach/service';
import { feedbackSentBy } from '../feedback/service';
import { devicesOf, getSettings } from '../notifications/service';
import { purchaseHistory, cancelStripeOnDeletion } from '../payments/service';
import { offerUsed, redemptionsOf } from '../coupons/service';
import { claimsOf } from '../rewards/service';
import { allRestDays, frozenDays, ledger, recoveryPayments } from '../streaks/service';
import { tierChangesOf } from '../subscriptions/service';
import { readUserState } from '../user-state/service';
import { streakFromState, subscriptionFromState } from '../user-state/views';
import * as repo from './repo';

/** Every ledger row goes into the export (the streak screen shows the latest 200). */
const EXPORT_LEDGER_LIMIT = 100_000;

/**
 * The one-time offer shown before deleting (spec part 2 §4): AI Coach for premium users; Premium for free and
 * ad-free users who have not used the premium offer. An offer already used by this address (also by an earlier
 * account with it) is not shown again.
 */
export async function deletionOffer(ctx: ServiceContext, user: UserRow): Promise<DeletionOffer> {
  const { tier } = subscriptionFromState(await readUserState(ctx, user));
  const candidate =
    tier === 'premium'
      ? DELETION_OFFERS['ai-coach']
      : (tier === 'free' || tier === 'ad-free') && !user.premiumOfferUsed
        ? DELETION_OFFERS.premium
        : null;
  if (!candidate || (await offerUsed(ctx, user, candidate.code))) return { offer: null };
  return { offer: { code: candidate.code, tier: candidate.tier } };
}

/**
 * DELETE /api/user/account: removes the user and every row they own in one transaction (decision 018). The
 * address survives only as the keyed hash in redeemed_offers, so a one-time offer stays used.
 */
export async function deleteAccount(ctx: ServiceContext, user: Pick<UserRow, 'id' | 'email'>): Promise<boolean> {
  const deleted = await inTx(ctx, async (tx) => {
    // Stop the person's Stripe subscriptions: a job in this transaction, retried until Stripe confirms.
    await cancelStripeOnDeletion(tx, user.id);
    const gone = await repo.deleteUserAndOwnedRows(tx.db, user);
    // Jobs are nobody's rows: those that name the user (queued, done or failed) go in the same transaction.
    if (gone) await ctx.jobs.forgetUser(tx.db, user);
    // The owner's analytics count deletions by date only (users.deleted), nothing personal.
    if (gone) await recordAccountDeletion(tx);
    return gone;
  });
  ctx.log.info({ userId: user.id }, 'account deleted');
  return deleted;
}

/** Everything the user owns, in the documented export shape (docs/data-export.md). */
export async function collectExport(ctx: ServiceContext, user: UserRow): Promise<AccountExport> {
  // Services, never another module's repo (ARCHITECTURE.md). The subscription first: it applies an ended trial.
  const state = await readUserState(ctx, user);
  const subscription = subscriptionFromState(state);
  const [hist, journals, imported, streak, frozen, recovered, ledgerRows, tierChanges, couponRedemptions, rewardClaims] =
    await Promise.all([
      history(ctx, user),
      journalsOf(ctx, user.id),
      importedCheckInIds(ctx, user.id),
      streakFromState(state),
      frozenDays(ctx, user.id),
      recoveryPayments(ctx, user.id),
      ledger(ctx, user.id, EXPORT_LEDGER_LIMIT),
      tierChangesOf(ctx, user.id),
      redemptionsOf(ctx, user.id),
      claimsOf(ctx, user.id),
    ]);
  const [coachConversations, purchases, feedback, notificationSettings, devices, restDays] = await Promise.all([
    conversationsExport(ctx, user.id),
    purchaseHistory({ ...ctx, stripe: null }, user.id),
    feedbackSentBy(ctx, user.id),
    getSettings(ctx, user.id),
    devicesOf(ctx, user.id),
    allRestDays(ctx, user.id),
  ]);
  const { isAdmin: _isAdmin, devTools: _devTools, ...profile } = toPublicUser({ ...user, tier: subscription.tier }, ctx.config);
  const data: AccountExport = {
    exportVersion: EXPORT_VERSION,
    exportedAt: ctx.now().toISOString(),
    profile,
    subscription,
    checkIns: hist.checkIns.map((c) => ({ ...c, journal: journals.get(c.id) ?? null, imported: imported.has(c.id) })),
    summary: { checkInCount: hist.count, overallScore: hist.overallScore, areaAverages: hist.areaAverages },
    streak: {
      current: streak,
      frozenDays: frozen.frozenDays,
      recoveredDays: recovered.recoveryDates,
      ledger: ledgerRows.entries,
    },
    tierChanges,
    couponRedemptions,
    rewardClaims,
    coachConversations,
    purchases,
    feedback,
    notificationSettings,
    devices,
    restDays,
  };
  return accountExportSchema.parse(data);
}

/** Where in the file a zod issue is, as a person reads it: `checkIns[3] (2026-01-05), answers`. */
function issuePlace(body: unknown, path: readonly PropertyKey[]): string {
  if (path[0] !== 'checkIns' || typeof path[1] !== 'number') return path.map(String).join('.') || 'the top level';
  const item = (body as { checkIns: unknown[] }).checkIns[path[1]];
  const date = item && typeof item === 'object' && typeof (item as { date?: unknown }).date === 'string' ? ` (${(item as { date: string }).date})` : '';
  const rest = path.slice(2).map(String).join('.');
  return `check-in ${path[1] + 1}${date}${rest ? `, ${rest}` : ''}`;
}

/**
 * A Big 7 JSON export's check-ins, checked whole before anything is written: a body that is not an export, of
 * another version, or damaged anywhere is a 400 saying what and where.
 */
export function parseImportFile(body: unknown): ImportCheckIn[] {
  if (!body || typeof body !== 'object' || Array.isArray(body) || !('exportVersion' in body) || !('checkIns' in body)) {
    throw badRequest(IMPORT_MESSAGES.notExport);
  }
  const version = (body as { exportVersion: unknown }).exportVersion;
  if (!(IMPORT_VERSIONS as readonly unknown[]).includes(version)) throw badRequest(IMPORT_MESSAGES.version(version));
  const parsed = importFileSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(IMPORT_MESSAGES.field(issuePlace(body, issue.path), issue.message));
  }
  const seen = new Set<string>();
  for (const c of parsed.data.checkIns) {
    if (seen.has(c.date)) throw badRequest(IMPORT_MESSAGES.duplicateDate(c.date));
    seen.add(c.date);
  }
  return parsed.data.checkIns;
}

/** POST /api/user/import: adds the file's check-ins for the dates the account lacks (check-ins service). */
export async function importExport(ctx: ServiceContext, user: UserRow, body: unknown): Promise<ImportResult> {
  return importCheckIns(ctx, user, parseImportFile(body));
}

/** Whether the wellness report includes journals: for AI Coach users (spec part 2 §2, issue 11). */
export const reportIncludesJournals = (data: AccountExport): boolean => hasAiCoach(data.subscription.tier);

/** A download's file name with the user's local date: `${stem}-YYYY-MM-DD.${ext}`. */
export function datedFileName(ctx: ServiceContext, user: Pick<UserRow, 'timezone'>, stem: string, ext: string): string {
  return `${stem}-${localDateOf(ctx.now(), userTimeZone(user))}.${ext}`;
}
