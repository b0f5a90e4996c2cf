import type { ServiceContext } from '@server/context';
import type { AppConfig } from '@server/config';
import type { JobPayload } from '@server/jobs/kinds';
import { sendMailJob, type MailMessage } from '@server/plugins/mail';
import { LAST_CHANCE_MINUTES_BEFORE_CLOSE } from '@shared/domain/check-in-rules';
import { endOfLocalDay, zoneOrUtc } from '@shared/domain/dates';
import type { ReminderKind } from '@shared/domain/reminders';
import * as repo from './repo';

/**
 * The e-mail reminder fallback (decision 021): a user who opted in (`emailFallback`, default off) and has no live
 * push subscription gets the reminder by e-mail instead, at the same due time. `reminders.batch` decides push or
 * e-mail; this file writes the e-mail and its job (`reminders.email`, one per reminder), which checks once more
 * before it sends.
 */

export type ReminderRef = JobPayload<'reminders.email'>;

/**
 * The unique key of the e-mail of one reminder: the reminder's own key (`reminderJobKey`, once per user, kind and
 * local date) + ':email', made from the reminder itself so that any run of any `reminders.batch` job for it (a
 * retry, a second instance) enqueues the same one e-mail.
 */
export const reminderEmailKey = (ref: ReminderRef) => `reminder:${ref.kind}:${ref.userId}:${ref.localDate}:email`;

/** The reminder e-mail: short, kind, a link to start the check-in and one to turn these e-mails off. */
export function reminderEmail(config: Pick<AppConfig, 'appUrl'>, kind: ReminderKind, to: { email: string; firstName: string }): MailMessage {
  const hello = to.firstName.trim() ? `Hi ${to.firstName.trim()},` : 'Hi,';
  const lead =
    kind === 'daily'
      ? 'Your check-in window is open. Seven quick questions, about a minute, any time before midnight:'
      : `Your check-in window closes in ${LAST_CHANCE_MINUTES_BEFORE_CLOSE} minutes. There is still time to keep your streak going:`;
  return {
    to: to.email,
    subject: kind === 'daily' ? 'Your Big 7 check-in window is open' : 'Last chance to check in today',
    text: [
      hello,
      '',
      lead,
      `${config.appUrl}/checkin`,
      '',
      'Be kind to yourself — one check-in is all it takes.',
      '',
      '— Big 7',
      '',
      'You get this e-mail because push notifications cannot reach you and you turned on e-mail reminders.',
      `To stop these e-mails, turn off "E-mail reminders" here: ${config.appUrl}/notifications`,
    ].join('\n'),
  };
}

/**
 * Job `reminders.email`: still wanted (the reminder and the fallback on, no check-in for that date, the window not
 * over)? Then the e-mail is sent through the Mailer (an SMTP 5xx fails the job; anything else is retried).
 */
export async function sendReminderEmailJob(ctx: ServiceContext, ref: ReminderRef): Promise<'sent' | 'skipped'> {
  const now = ctx.now();
  const [user, settings] = await Promise.all([repo.findUserContact(ctx.db, ref.userId), repo.findSettings(ctx.db, ref.userId)]);
  if (!user || !settings?.emailFallback) return 'skipped';
  if (!(ref.kind === 'daily' ? settings.dailyReminders : settings.lastChanceReminders)) return 'skipped';
  if (await repo.hasCheckInOn(ctx.db, ref.userId, ref.localDate)) return 'skipped';
  if (await repo.isRestDay(ctx.db, ref.userId, ref.localDate)) return 'skipped'; // issue 28: no reminder on a rest day
  const closesAt = endOfLocalDay(ref.localDate, zoneOrUtc(user.timezone));
  if (closesAt.getTime() <= now.getTime()) return 'skipped'; // a retry after the window closed: no point any more
  await sendMailJob(ctx.mailer, reminderEmail(ctx.config, ref.kind, user));
  return 'sent';
}
