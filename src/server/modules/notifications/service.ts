import { inTx, withNow, type DataContext, type ServiceContext } from '@server/context';
import { randomUUID } from 'node:crypto';
import { AppError } from '@server/errors';
import type { AnyJobSpec } from '@server/events';
import { JOB_KINDS, type JobPayload } from '@server/jobs/kinds';
import { backoffMs, PermanentJobError, RetryLaterError, type JobInfo } from '@server/jobs/queue';
import {
  REMINDER_KINDS,
  REMINDER_MESSAGES,
  TEST_NOTIFICATION,
  nextReminder,
  reminderLocalDate,
  type PushPayload,
  type ReminderKind,
} from '@shared/domain/reminders';
import { endOfLocalDay, zoneOrUtc, memo } from '@shared/domain/dates';
import { effectiveCheckInTime } from '@shared/domain/check-in-rules';
import {
  pushSubscriptionSchema,
  type NotificationCheck,
  type NotificationSettings,
  type PushSubscriptionJson,
} from '@shared/schemas/notifications';
import { endpointProblem, type AllowedPushHost } from '@server/plugins/push-address';
import * as repo from './repo';
import { reminderEmailKey } from './email-fallback';


export async function getSettings(ctx: Pick<DataContext, 'db'>, userId: string): Promise<NotificationSettings> {
  const row = await repo.findSettings(ctx.db, userId);
  return {
    dailyReminders: row?.dailyReminders ?? true,
    lastChanceReminders: row?.lastChanceReminders ?? true,
    hasSeenNotificationModal: row?.hasSeenNotificationModal ?? false,
    emailFallback: row?.emailFallback ?? false,
  };
}

/**
 * The user's registered devices for the data export: the push service's host only (the endpoint's path is a secret
 * capability, and the keys are credentials), when registered and when last delivered to.
 */
export async function devicesOf(ctx: Pick<DataContext, 'db'>, userId: string) {
  const rows = await repo.listSubscriptions(ctx.db, userId);
  return rows.map((r) => ({ pushService: pushHostOf(r.endpoint), registeredAt: r.createdAt.toISOString(), lastDeliveredAt: r.lastDeliveredAt?.toISOString() ?? null }));
}
function pushHostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'unknown';
  }
}

/**
 * Recomputes the next due instant of both reminders from `now` (after a settings, device, timezone or check-in
 * time change): the first one strictly after now, or none while the reminder is off or the user has no device.
 * A reminder already sent for a local date is not sent again for it (the job key), whatever changes.
 */
export async function rescheduleReminders(ctx: DataContext, userId: string): Promise<void> {
  const { db } = ctx;
  const now = ctx.now();
  const user = await repo.findUserClock(db, userId);
  if (!user) return;
  const settings = await getSettings(ctx, userId);
  const devices = (await repo.listSubscriptions(db, userId)).length;
  for (const kind of REMINDER_KINDS) {
    // Without a device a reminder is still due when the user opted in to the e-mail fallback.
    const on = (devices > 0 || settings.emailFallback) && (kind === 'daily' ? settings.dailyReminders : settings.lastChanceReminders);
    const next = on ? nextReminder(kind, now, zoneOrUtc(user.timezone), effectiveCheckInTime(user.checkInTime)).at : null;
    await repo.setNextAt(db, userId, kind, next);
  }
}

export async function updateSettings(ctx: ServiceContext, userId: string, patch: Partial<NotificationSettings>): Promise<NotificationSettings> {
  await inTx(ctx, async (tx) => {
    await repo.upsertSettings(tx.db, userId, patch, tx.now());
    await rescheduleReminders(tx, userId);
  });
  return getSettings(ctx, userId);
}

/** The most devices one user may have registered; registering another drops the one registered longest ago. */
export const MAX_DEVICES_PER_USER = 10;

/**
 * Parses the token (JSON string or object) into a subscription; a person-readable 400 otherwise. The endpoint
 * must be on a browser push service, or on a host listed in PUSH_ALLOWED_HOSTS (issue 31: the server POSTs to it).
 */
export function parseSubscription(token: unknown, allowedHosts: readonly AllowedPushHost[]): PushSubscriptionJson {
  let value = token;
  if (typeof token === 'string') {
    try {
      value = JSON.parse(token);
    } catch {
      throw new AppError(400, 'token must be the browser PushSubscription as JSON (endpoint and keys)');
    }
  }
  const parsed = pushSubscriptionSchema.safeParse(value);
  if (!parsed.success) {
    throw new AppError(400, `Invalid push subscription: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'token'}: ${i.message}`).join('; ')}`);
  }
  const problem = endpointProblem(parsed.data.endpoint, allowedHosts);
  if (problem) throw new AppError(400, `Invalid push subscription: ${problem}`);
  if (Buffer.from(parsed.data.keys.p256dh, 'base64url').length !== 65) throw new AppError(400, 'Invalid push subscription: keys.p256dh must be a 65-byte P-256 public key');
  if (Buffer.from(parsed.data.keys.auth, 'base64url').length !== 16) throw new AppError(400, 'Invalid push subscription: keys.auth must be 16 bytes');
  return parsed.data;
}

export async function registerSubscription(ctx: ServiceContext, userId: string, token: unknown): Promise<number> {
  const sub = parseSubscription(token, ctx.config.pushAllowedHosts);
  return inTx(ctx, async (tx) => {
    const previousOwner = await repo.findEndpointOwner(tx.db, sub.endpoint);
    await repo.upsertSubscription(tx.db, userId, { endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth }, tx.now());
    // At most MAX_DEVICES_PER_USER: the devices registered longest ago (a browser registers again at each app start) go.
    const devices = await repo.listSubscriptionsByLastRegistered(tx.db, userId);
    const excess = devices.slice(0, Math.max(0, devices.length - MAX_DEVICES_PER_USER));
    await repo.deleteSubscriptions(tx.db, excess.map((d) => d.id));
    await rescheduleReminders(tx, userId);
    // The browser moved to this account (another person signed in on it): the previous owner may have no device
    // left, so their reminders are recomputed too (none, or the e-mail fallback).
    if (previousOwner && previousOwner !== userId) await rescheduleReminders(tx, previousOwner);
    return devices.length - excess.length;
  });
}

/** GET /api/notifications/check; with `endpoint` (this browser's subscription) it also says whether that one is registered. */
export async function check(ctx: ServiceContext, userId: string, endpoint?: string): Promise<NotificationCheck> {
  const [settings, subs, row, schedules] = await Promise.all([
    getSettings(ctx, userId),
    repo.listSubscriptions(ctx.db, userId),
    repo.findSettings(ctx.db, userId),
    repo.listSchedules(ctx.db, userId),
  ]);
  const next = (k: ReminderKind) => schedules.find((s) => s.kind === k)?.nextAt?.toISOString() ?? null;
  const mine = endpoint === undefined ? undefined : subs.find((s) => s.endpoint === endpoint);
  return {
    subscribed: subs.length > 0,
    devices: subs.length,
    settings,
    lastDeliveredAt: row?.lastReminderDeliveredAt?.toISOString() ?? null,
    nextDailyAt: next('daily'),
    nextLastChanceAt: next('last-chance'),
    thisDevice: endpoint === undefined ? null : { registered: mine !== undefined, lastDeliveredAt: mine?.lastDeliveredAt?.toISOString() ?? null },
  };
}

/** Sends `message` to every device of the user now (send-test, trigger-checkin); answers how many devices took it. */
export async function sendNow(ctx: ServiceContext, userId: string, message: PushPayload): Promise<number> {
  const subs = await repo.listSubscriptions(ctx.db, userId);
  if (subs.length === 0) throw new AppError(409, 'No device is subscribed to notifications. Allow notifications on this device first.');
  let delivered = 0;
  for (const sub of subs) {
    try {
      if ((await deliverTo(ctx, sub, message, 600, false)) === 'delivered') delivered++;
    } catch (err) {
      ctx.log.warn({ err }, 'test push failed');
    }
  }
  if (delivered === 0) throw new AppError(502, 'The push service did not accept the notification. Try re-enabling notifications.');
  return delivered;
}

export const sendTest = (ctx: ServiceContext, userId: string) => sendNow(ctx, userId, TEST_NOTIFICATION);
export const triggerCheckIn = (ctx: ServiceContext, userId: string) => sendNow(ctx, userId, REMINDER_MESSAGES.daily);

/** A push service's answer, sorted. */
function pushOutcomeKind(status: number): 'delivered' | 'gone' | 'retry' | 'refused' {
  if (status >= 200 && status < 300) return 'delivered';
  if (status === 404 || status === 410) return 'gone';
  if (status === 429 || status >= 500) return 'retry';
  return 'refused';
}

/** The failure to throw for a push that may succeed later: with the push service's Retry-After when it gave one. */
function retryLater(status: number, retryAfterSeconds: number | null): Error {
  const message = `push service answered ${status}`;
  return retryAfterSeconds !== null ? new RetryLaterError(message, retryAfterSeconds * 1000) : new Error(message);
}

/** One message to one device: delivered, or gone (404/410: the subscription is removed). 429/5xx throw (retry). */
async function deliverTo(ctx: ServiceContext, sub: repo.SubscriptionRow, message: PushPayload, ttlSeconds: number, reminder: boolean) {
  const outcome = await ctx.push.send(sub, JSON.stringify(message), { ttlSeconds, urgency: reminder ? 'high' : 'normal' });
  const kind = pushOutcomeKind(outcome.status);
  if (kind === 'delivered') {
    await repo.markDelivered(ctx.db, sub, ctx.now(), reminder);
    return 'delivered' as const;
  }
  if (kind === 'gone') {
    await inTx(ctx, async (tx) => {
      await repo.deleteSubscription(tx.db, sub.id);
      await rescheduleReminders(tx, sub.userId);
    });
    return 'gone' as const;
  }
  if (kind === 'retry') throw retryLater(outcome.status, outcome.retryAfterSeconds);
  throw new PermanentJobError(`push service refused the message (${outcome.status})`);
}

/** Seconds left in a reminder's local date (its window closes at the end of it); ≤ 0 once it is over. */
const secondsLeftOf = (localDate: string, timezone: string, now: Date, endOf = endOfLocalDay) =>
  Math.floor((endOf(localDate, zoneOrUtc(timezone)).getTime() - now.getTime()) / 1000);

/**
 * Job `push.deliver`. For a reminder, every attempt (a retry included) checks first that it is still wanted: the
 * device still belongs to the user it was for, the reminder is on, the user has not checked in for that date and
 * the date's window is not over (no stale reminder after midnight); its TTL is what is left of that window.
 */
export async function deliverJob(ctx: ServiceContext, p: JobPayload<'push.deliver'>): Promise<void> {
  const sub = await repo.findSubscription(ctx.db, p.subscriptionId);
  if (!sub) return; // removed meanwhile
  let ttlSeconds = p.ttlSeconds;
  const ref = p.reminderOf;
  if (ref) {
    if (sub.userId !== ref.userId) return; // the browser moved to another account
    const [user, settings] = await Promise.all([repo.findUserClock(ctx.db, ref.userId), getSettings(ctx, ref.userId)]);
    if (!user || !(ref.kind === 'daily' ? settings.dailyReminders : settings.lastChanceReminders)) return;
    if (await repo.hasCheckInOn(ctx.db, ref.userId, ref.localDate)) return;
    if (await repo.isRestDay(ctx.db, ref.userId, ref.localDate)) return; // issue 28: no reminder on a rest day
    ttlSeconds = secondsLeftOf(ref.localDate, user.timezone, ctx.now());
    if (ttlSeconds <= 0) return;
  }
  await deliverTo(ctx, sub, p.message, ttlSeconds, p.reminder);
}

/** Reminders per `reminders.batch` job (the tick's claim is split into jobs of this size). */
export const REMINDER_BATCH_SIZE = 250;
/** Pushes one batch job keeps in flight (the push worker threads and the undici pool share them out). */
const SEND_CONCURRENCY = 64;

/** Runs `fn` over `items`, `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

export type ReminderRef = JobPayload<'reminders.batch'>['reminders'][number];

export interface BatchResult {
  delivered: number;
  /** Devices whose push service said the subscription is gone (removed). */
  gone: number;
  /** Devices handed to a push.deliver job for another try (429/5xx, no answer, another refusal). */
  retried: number;
  emailed: number;
  /** Reminders no longer wanted (checked in, turned off, window over, user gone). */
  skipped: number;
}

/**
 * Job `reminders.batch` (decision 021): for the reminders of one batch, reads in three queries what decides them
 * (settings and timezone, check-ins of those dates, devices), pushes to every device of every reminder still
 * wanted with SEND_CONCURRENCY in flight, then writes every outcome in one transaction: deliveries, removed
 * devices (and their owners' schedules), a push.deliver job per device that needs another try (never sooner than
 * its Retry-After), a reminders.email job per user with no device and the fallback on — and empties the job's
 * payload, so a later attempt of this job sends nothing twice.
 */
export async function sendReminderBatch(ctx: ServiceContext, p: JobPayload<'reminders.batch'>, job: Pick<JobInfo, 'id'>): Promise<BatchResult> {
  const result: BatchResult = { delivered: 0, gone: 0, retried: 0, emailed: 0, skipped: 0 };
  if (p.reminders.length === 0) return result;
  const now = ctx.now();
  const endOf = memo(endOfLocalDay); // for this batch: its users share a few zones
  const userIds = [...new Set(p.reminders.map((r) => r.userId))];
  const [facts, checkedIn, subs, resting] = await Promise.all([
    repo.findReminderFacts(ctx.db, userIds),
    repo.checkedInOn(ctx.db, p.reminders),
    repo.listSubscriptionsOf(ctx.db, userIds),
    repo.restingOn(ctx.db, p.reminders),
  ]);
  const factsOf = new Map(facts.map((f) => [f.userId, f]));
  const devicesOf = new Map<string, repo.SubscriptionRow[]>();
  for (const sub of subs) devicesOf.set(sub.userId, [...(devicesOf.get(sub.userId) ?? []), sub]);

  const sends: Array<{ ref: ReminderRef; sub: repo.SubscriptionRow; ttlSeconds: number }> = [];
  const emails: ReminderRef[] = [];
  for (const ref of p.reminders) {
    const f = factsOf.get(ref.userId);
    const on = f && (ref.kind === 'daily' ? (f.dailyReminders ?? true) : (f.lastChanceReminders ?? true));
    const ttlSeconds = f ? secondsLeftOf(ref.localDate, f.timezone, now, endOf) : 0;
    // Issue 28: no reminder on a rest day.
    const done = checkedIn.has(`${ref.userId}|${ref.localDate}`) || resting.has(`${ref.userId}|${ref.localDate}`);
    if (!on || done || ttlSeconds <= 0) {
      result.skipped++;
      continue;
    }
    const devices = devicesOf.get(ref.userId) ?? [];
    // No live push subscription: the reminder goes by e-mail when the user opted in (decision 021), else nowhere.
    if (devices.length === 0) {
      if (f.emailFallback) emails.push(ref);
      else result.skipped++;
      continue;
    }
    for (const sub of devices) sends.push({ ref, sub, ttlSeconds });
  }

  const payloads = { daily: JSON.stringify(REMINDER_MESSAGES.daily), 'last-chance': JSON.stringify(REMINDER_MESSAGES['last-chance']) };
  const delivered: Array<{ sub: repo.SubscriptionRow }> = [];
  const gone: repo.SubscriptionRow[] = [];
  const again: Array<{ ref: ReminderRef; sub: repo.SubscriptionRow; ttlSeconds: number; retryAfterMs: number }> = [];
  await eachLimited(sends, SEND_CONCURRENCY, async (s) => {
    try {
      const outcome = await ctx.push.send(s.sub, payloads[s.ref.kind], { ttlSeconds: s.ttlSeconds, urgency: 'high' });
      const kind = pushOutcomeKind(outcome.status);
      if (kind === 'delivered') delivered.push(s);
      else if (kind === 'gone') gone.push(s.sub);
      else again.push({ ...s, retryAfterMs: (outcome.retryAfterSeconds ?? 0) * 1000 });
    } catch (err) {
      ctx.log.warn({ err }, 'reminder push failed; it is retried as a push.deliver job');
      again.push({ ...s, retryAfterMs: 0 });
    }
  });

  const pushDef = JOB_KINDS['push.deliver'];
  const firstRetryMs = backoffMs(pushDef.policy, 1);
  await inTx(withNow(ctx, now), async (txCtx) => {
    const tx = txCtx.db;
    const deliveredUsers = [...new Set(delivered.map((d) => d.sub.userId))];
    await repo.recordReminderDeliveries(
      tx,
      delivered.map((d) => d.sub.id),
      deliveredUsers,
      now,
    );
    if (gone.length) {
      await repo.deleteSubscriptions(
        tx,
        gone.map((g) => g.id),
      );
      // No devices left: no schedule, or the e-mail fallback's.
      for (const userId of new Set(gone.map((g) => g.userId))) await rescheduleReminders(txCtx, userId);
    }
    const jobSpecs: AnyJobSpec[] = [
      ...again.map((a) => ({
        kind: 'push.deliver' as const,
        key: `${reminderJobKey(a.ref.kind, a.ref.userId, a.ref.localDate)}:${a.sub.id}`,
        payload: {
          subscriptionId: a.sub.id,
          message: REMINDER_MESSAGES[a.ref.kind],
          ttlSeconds: a.ttlSeconds,
          reminder: true,
          reminderOf: a.ref,
        },
        runAt: new Date(now.getTime() + Math.max(firstRetryMs, a.retryAfterMs)),
      })),
      ...emails.map((ref) => ({ kind: 'reminders.email' as const, key: reminderEmailKey(ref), payload: ref, runAt: now })),
    ];
    // Through the queue, in this transaction; a retry or e-mail already queued is not queued again.
    await ctx.jobs.enqueueMany(tx, jobSpecs);
    // Done with this batch: a later attempt of the job (a lost lease, a crash before it is marked done) finds none.
    await ctx.jobs.checkpoint(tx, job.id, { reminders: [] });
  });
  result.delivered = delivered.length;
  result.gone = gone.length;
  result.retried = again.length;
  result.emailed = emails.length;
  return result;
}

/** The unique job key of one reminder's retries: once per user, kind and local date (and device). */
export const reminderJobKey = (kind: ReminderKind, userId: string, localDate: string) => `reminder:${kind}:${userId}:${localDate}`;

/**
 * The scheduler tick (a recurring task): claims due schedule rows (FOR UPDATE SKIP LOCKED, by the next_at index),
 * advances them, and hands each reminder whose local date is later than the last one handed on for that row
 * (last_local_date: once per user, kind and local date, whatever changes) to `reminders.batch` jobs of
 * REMINDER_BATCH_SIZE — all in one transaction per claim. Several instances share the rows; each reminder is
 * handed on once. A reminder whose window already closed (after downtime) is skipped, not sent late.
 */
export async function reminderTick(ctx: ServiceContext, now: Date, claimSize = 1000): Promise<{ enqueued: number; batches: number }> {
  let enqueued = 0;
  let batches = 0;
  // Remembered for this tick: the timezone maths is the same for every user of one zone and check-in time and costs
  // far more than a lookup (a tick of 1,000 users of one zone does it once).
  const localDateOfDue = memo((at: number, tz: string) => reminderLocalDate(new Date(at), tz));
  const endOf = memo(endOfLocalDay);
  const nextAt = memo((kind: ReminderKind, tz: string, time: string) => nextReminder(kind, now, tz, time).at);
  for (;;) {
    const count = await inTx(withNow(ctx, now), async (txCtx) => {
      const tx = txCtx.db;
      const due = await repo.claimDue(tx, now, claimSize);
      if (due.length === 0) return 0;
      const refs: ReminderRef[] = [];
      const advances = [];
      for (const row of due) {
        const tz = zoneOrUtc(row.timezone);
        const localDate = localDateOfDue(row.nextAt.getTime(), tz);
        const fresh = (row.lastLocalDate === null || localDate > row.lastLocalDate) && endOf(localDate, tz).getTime() > now.getTime();
        if (fresh) refs.push({ userId: row.userId, kind: row.kind, localDate });
        advances.push({ userId: row.userId, kind: row.kind, nextAt: nextAt(row.kind, tz, effectiveCheckInTime(row.checkInTime)), lastLocalDate: fresh ? localDate : row.lastLocalDate });
      }
      const jobSpecs: AnyJobSpec[] = [];
      for (let i = 0; i < refs.length; i += REMINDER_BATCH_SIZE) {
        const payload = { reminders: refs.slice(i, i + REMINDER_BATCH_SIZE) };
        jobSpecs.push({ kind: 'reminders.batch', key: `reminders@${now.toISOString()}:${randomUUID()}`, payload, runAt: now });
      }
      // Through the queue, in this transaction: one INSERT per thousand jobs.
      await ctx.jobs.enqueueMany(tx, jobSpecs);
      await repo.advanceMany(tx, advances);
      enqueued += refs.length;
      batches += jobSpecs.length;
      return due.length;
    });
    if (count < claimSize) break;
  }
  return { enqueued, batches };
}

/**
 * Job `reminders.checked-in` (queued before decision 030's batches; see skipRemindersThroughMany): the user checked in for
 * `localDate` (in `timezone`, the check-in's zone), so each reminder still due on or before that date's end moves
 * to its first time after it. The scheduler then enqueues nothing for a day already done (the send job's own check
 * stays, for a check-in that lands between the two). One conditional UPDATE per kind: a reminder that is off, or
 * already past that date, is left as it is, so running the job again changes nothing. Returns how many moved.
 */
export async function skipRemindersThrough(ctx: ServiceContext, p: JobPayload<'reminders.checked-in'>): Promise<number> {
  const user = await repo.findUserClock(ctx.db, p.userId);
  if (!user) return 0;
  const through = endOfLocalDay(p.localDate, zoneOrUtc(p.timezone));
  let moved = 0;
  for (const kind of REMINDER_KINDS) {
    const next = nextReminder(kind, through, zoneOrUtc(user.timezone), effectiveCheckInTime(user.checkInTime)).at;
    if (await repo.moveDueThrough(ctx.db, p.userId, kind, through, next)) moved++;
  }
  return moved;
}

/**
 * Job `reminders.checked-in-batch` (enqueued by a batch of check-ins, check-ins service): `skipRemindersThrough`
 * for each check-in a batch created. Returns how many reminders moved.
 */
export async function skipRemindersThroughMany(ctx: ServiceContext, checkIns: readonly JobPayload<'reminders.checked-in'>[]): Promise<number> {
  let moved = 0;
  for (const p of checkIns) moved += await skipRemindersThrough(ctx, p);
  return moved;
}
