import { useId } from 'react';
import { Switch } from 'radix-ui';
import { toastError } from '@web/components/ui/toast';
import { useNotificationSettings } from '../api/get-notification-settings';
import { usePatchNotificationSettings } from '../api/update-notification-settings';
import { switchClass, thumbClass, trackClass } from './notification-settings';

export const EMAIL_FALLBACK_TEXT = {
  heading: 'E-mail reminders',
  label: 'E-mail me when push cannot reach me',
  explain: (email: string) =>
    `When none of your devices can get push notifications, your reminders come by e-mail to ${email} instead: at the same times, and only if you have not checked in yet.`,
  iosHint: 'Recommended on this iPhone or iPad: push works here only when Big 7 is on your Home Screen.',
  statusPush: (devices: number) => `Push reaches ${devices} device${devices === 1 ? '' : 's'}, so your reminders come as notifications, not e-mails.`,
  statusEmail: 'No device can get push right now: your reminders come by e-mail.',
  statusNone: 'No device can get push right now, so reminders cannot reach you. Turn this on to get them by e-mail.',
} as const;

/**
 * /notifications: the opt-in e-mail fallback (decision 021). Off by default; turning it on also turns the daily
 * reminder on (a device without push, such as iOS Safari outside the Home Screen, has no other way to). The
 * status line says which channel the reminders take now (no toast repeats the switch: issue 30).
 */
export function EmailFallback({ email, devices, iosNotInstalled }: { email: string; devices: number | null; iosNotInstalled: boolean }) {
  const id = useId();
  const settings = useNotificationSettings();
  const patch = usePatchNotificationSettings();
  const on = settings.data?.emailFallback ?? false;
  const status =
    devices === null ? null : devices > 0 ? EMAIL_FALLBACK_TEXT.statusPush(devices) : on ? EMAIL_FALLBACK_TEXT.statusEmail : EMAIL_FALLBACK_TEXT.statusNone;
  const change = (next: boolean) =>
    patch.mutate(next ? { emailFallback: true, ...(settings.data?.dailyReminders ? {} : { dailyReminders: true }) } : { emailFallback: false }, {
      onError: (err) => toastError(err, 'Update Failed'),
    });
  return (
    <section className="mt-4 rounded-2xl border border-border bg-surface p-4" aria-labelledby={`${id}-h`} data-testid="email-fallback">
      <h2 id={`${id}-h`} className="text-lg font-bold">
        {EMAIL_FALLBACK_TEXT.heading}
      </h2>
      <div className="mt-2 flex min-h-14 items-center justify-between gap-4">
        <label htmlFor={id} className="font-medium">
          {EMAIL_FALLBACK_TEXT.label}
        </label>
        <Switch.Root
          id={id}
          checked={on}
          disabled={patch.isPending || !settings.data}
          aria-describedby={`${id}-explain ${id}-status`}
          onCheckedChange={change}
          className={switchClass}
        >
          <span aria-hidden="true" className={trackClass}>
            <Switch.Thumb className={thumbClass} />
          </span>
        </Switch.Root>
      </div>
      <p id={`${id}-explain`} className="text-sm text-muted">
        {EMAIL_FALLBACK_TEXT.explain(email)}
        {iosNotInstalled && <strong className="mt-2 block font-semibold text-fg">{EMAIL_FALLBACK_TEXT.iosHint}</strong>}
      </p>
      {status && (
        <p id={`${id}-status`} className="mt-2 text-sm" data-testid="email-fallback-status">
          {status}
        </p>
      )}
      <p className="mt-2 text-sm text-muted">Every reminder e-mail has a link back here to turn them off.</p>
    </section>
  );
}
