import { inTx, type ServiceContext } from '@server/context';
import { isIP } from 'node:net';
import { AppError } from '@server/errors';
import { jobs } from '@server/db/schema/index';
import { JOB_KINDS, type JobPayload } from '@server/jobs/kinds';
import { PermanentJobError, type Conn } from '@server/jobs/queue';
import {
  REMINDER_KINDS,
  REMINDER_MESSAGES,
  TEST_NOTIFICATION,
  nextReminder,
  reminderLocalDate,
  type PushPayload,
  type ReminderKind,
} from '@shared/domain/reminders';
import { endOfLocalDay, isKnownTimeZone } from '@shared/domain/dates';
import { effectiveCheckInTime } from '@shared/domain/check-in-window';
import {
  pushSubscriptionSchema,
  type NotificationCheck,
  type NotificationSettings,
  type PushSubscriptionJson,
} from '@shared/schemas/notifications';
import * as repo from './repo';
import { enqueueReminderEmail } from './email-fallback';

const tzOf = (tz: string) => (isKnownTimeZone(tz) ? tz : 'UTC');

export async function getSettings(db: Conn, userId: string): Promise<NotificationSettings> {
  const row = await repo.findSettings(db, userId);
  return {
    dailyReminders: row?.dailyReminders ?? true,
    lastChanceReminders: row?.lastChanceReminders ?? true,
    hasSeenNotificationModal: row?.hasSeenNotificationModal ?? false,
    emailFallback: row?.emailFallback ?? false,
  };
}

/**
 * Recomputes the next due instant of both reminders from `now` (after a settings, device, timezone or check-in
 * time change): the first one strictly after now, or none while the reminder is off or the user has no device.
 * A reminder already sent for a local date is not sent again for it (the job key), whatever changes.
 */
export async function rescheduleReminders(db: Conn, userId: string, now: Date): Promise<void> {
  const user = await repo.findUserClock(db, userId);
  if (!user) return;
  const settings = await getSettings(db, userId);
  const devices = (await repo.listSubscriptions(db, userId)).length;
  for (const kind of REMINDER_KINDS) {
    // Without a device a reminder is still due when the user opted in to the e-mail fallback.
    const on = (devices > 0 || settings.emailFallback) && (kind === 'daily' ? settings.dailyReminders : settings.lastChanceReminders);
    const next = on ? nextReminder(kind, now, tzOf(user.timezone), effectiveCheckInTime(user.checkInTime)).at : null;
    await repo.setNextAt(db, userId, kind, next);
  }
}

export async function updateSettings(ctx: ServiceContext, userId: string, patch: Partial<NotificationSettings>): Promise<NotificationSettings> {
  const now = ctx.now();
  await inTx(ctx.db, async (tx) => {
    await repo.upsertSettings(tx, userId, patch, now);
    await rescheduleReminders(tx, userId, now);
  });
  return getSettings(ctx.db, userId);
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Parses the token (JSON string or object) into a subscription; a person-readable 400 otherwise. */
export function parseSubscription(token: unknown, production: boolean): PushSubscriptionJson {
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
  const url = new URL(parsed.data.endpoint);
  const loopback = LOOPBACK_HOSTS.has(url.hostname) || (isIP(url.hostname) === 4 && url.hostname.startsWith('127.'));
  const ok = url.protocol === 'https:' || (url.protocol === 'http:' && loopback && !production);
  if (!ok) throw new AppError(400, 'Invalid push subscription: the endpoint must be an https: URL');
  if (Buffer.from(parsed.data.keys.p256dh, 'base64url').length !== 65) throw new AppError(400, 'Invalid push subscription: keys.p256dh must be a 65-byte P-256 public key');
  if (Buffer.from(parsed.data.keys.auth, 'base64url').length !== 16) throw new AppError(400, 'Invalid push subscription: keys.auth must be 16 bytes');
  return parsed.data;
}

export async function registerSubscription(ctx: ServiceContext, userId: string, token: unknown): Promise<number> {
  const sub = parseSubscription(token, ctx.config.nodeEnv === 'production');
  const now = ctx.now();
  return inTx(ctx.db, async (tx) => {
    await repo.upsertSubscription(tx, userId, { endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth }, now);
    await rescheduleReminders(tx, userId, now);
    return (await repo.listSubscriptions(tx, userId)).length;
  });
}

/** GET /api/notifications/check; with `endpoint` (this browser's subscription) it also says whether that one is registered. */
export async function check(ctx: ServiceContext, userId: string, endpoint?: string): Promise<NotificationCheck> {
  const [settings, subs, row, schedules] = await Promise.all([
    getSettings(ctx.db, userId),
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

class RetryablePushError extends Error {}

/** One message to one device: delivered, or gone (404/410: the subscription is removed). 429/5xx throw (retry). */
async function deliverTo(ctx: ServiceContext, sub: repo.SubscriptionRow, message: PushPayload, ttlSeconds: number, reminder: boolean) {
  const outcome = await ctx.push.send(sub, JSON.stringify(message), { ttlSeconds, urgency: reminder ? 'high' : 'normal' });
  if (outcome.status >= 200 && outcome.status < 300) {
    await repo.markDelivered(ctx.db, sub, ctx.now(), reminder);
    return 'delivered' as const;
  }
  if (outcome.status === 404 || outcome.status === 410) {
    await inTx(ctx.db, async (tx) => {
      await repo.deleteSubscription(tx, sub.id);
      await rescheduleReminders(tx, sub.userId, ctx.now());
    });
    return 'gone' as const;
  }
  if (outcome.status === 429 || outcome.status >= 500) throw new RetryablePushError(`push service answered ${outcome.status}`);
  throw new PermanentJobError(`push service refused the message (${outcome.status})`);
}

/** Job `push.deliver`. */
export async function deliverJob(ctx: ServiceContext, p: JobPayload<'push.deliver'>): Promise<void> {
  const sub = await repo.findSubscription(ctx.db, p.subscriptionId);
  if (!sub) return; // removed meanwhile
  await deliverTo(ctx, sub, p.message, p.ttlSeconds, p.reminder);
}

/**
 * Job `reminders.send`: still wanted (toggle on, not checked in, window not over)? then one push.deliver per device,
 * or with no device the e-mail fallback (`reminders.email`) when the user opted in.
 */
export async function sendReminderJob(ctx: ServiceContext, p: JobPayload<'reminders.send'>, key: string): Promise<void> {
  const now = ctx.now();
  const user = await repo.findUserClock(ctx.db, p.userId);
  if (!user) return;
  const settings = await getSettings(ctx.db, p.userId);
  if (!(p.kind === 'daily' ? settings.dailyReminders : settings.lastChanceReminders)) return;
  if (await repo.hasCheckInOn(ctx.db, p.userId, p.localDate)) return;
  const closesAt = endOfLocalDay(p.localDate, tzOf(user.timezone));
  const ttlSeconds = Math.floor((closesAt.getTime() - now.getTime()) / 1000);
  if (ttlSeconds <= 0) return; // the window is over: the reminder has no point any more
  const subs = await repo.listSubscriptions(ctx.db, p.userId);
  // No live push subscription: the reminder goes by e-mail when the user opted in (decision 021), else nowhere.
  if (subs.length === 0) return settings.emailFallback ? enqueueReminderEmail(ctx, p) : undefined;
  await inTx(ctx.db, async (tx) => {
    for (const sub of subs) {
      await ctx.jobs.enqueue(tx, {
        kind: 'push.deliver',
        key: `${key}:${sub.id}`,
        payload: { subscriptionId: sub.id, message: REMINDER_MESSAGES[p.kind], ttlSeconds, reminder: true },
      });
    }
  });
}

/** The unique job key of one reminder: once per user, kind and local date. */
export const reminderJobKey = (kind: ReminderKind, userId: string, localDate: string) => `reminder:${kind}:${userId}:${localDate}`;

/**
 * The scheduler tick (a recurring task): claims due schedule rows (FOR UPDATE SKIP LOCKED, by the next_at index),
 * enqueues one `reminders.send` job per row (unique key per user, kind and local date) and advances next_at, in
 * one transaction per batch. Several instances share the rows; each reminder is enqueued once.
 */
export async function reminderTick(ctx: ServiceContext, now: Date, batchSize = 1000): Promise<{ enqueued: number }> {
  let enqueued = 0;
  const def = JOB_KINDS['reminders.send'];
  for (;;) {
    const count = await inTx(ctx.db, async (tx) => {
      const due = await repo.claimDue(tx, now, batchSize);
      if (due.length === 0) return 0;
      const jobRows = [];
      const advances = [];
      for (const row of due) {
        const tz = tzOf(row.timezone);
        const time = effectiveCheckInTime(row.checkInTime);
        const localDate = reminderLocalDate(row.nextAt, tz);
        // After downtime, a reminder whose window already closed is skipped, not sent late.
        if (endOfLocalDay(localDate, tz).getTime() > now.getTime()) {
          const payload = def.payload.parse({ userId: row.userId, kind: row.kind, localDate });
          jobRows.push({ kind: 'reminders.send', key: reminderJobKey(row.kind, row.userId, localDate), payload, runAt: now, maxAttempts: def.policy.maxAttempts, createdAt: now });
        }
        advances.push({ userId: row.userId, kind: row.kind, nextAt: nextReminder(row.kind, now, tz, time).at });
      }
      if (jobRows.length) {
        const inserted = await tx.insert(jobs).values(jobRows).onConflictDoNothing({ target: [jobs.kind, jobs.key] }).returning({ id: jobs.id });
        enqueued += inserted.length;
      }
      await repo.advanceMany(tx, advances);
      return due.length;
    });
    if (count < batchSize) break;
  }
  return { enqueued };
}
