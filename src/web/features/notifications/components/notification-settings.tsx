import { ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { Switch } from 'radix-ui';
import { toastError } from '@web/components/ui/toast';
import { Link } from 'react-router';
import { formatWallTime12h } from '@shared/domain/dates';
import { effectiveCheckInTime } from '@shared/domain/check-in-rules';
import { usePatchNotificationSettings } from '../api/update-notification-settings';
import { DEVICE_STATE_TEXT } from '../lib/device-state';
import { useNotificationSwitch } from '../lib/use-enable-notifications';
import { useThisDevice } from '../lib/use-this-device';

/** The whole 64×44 button is the tap target (as the Dark Mode switch); the track inside is the visible switch. */
export const switchClass =
  'group relative -mr-1 inline-flex h-11 w-16 shrink-0 items-center justify-center rounded-full disabled:opacity-50 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring';
export const trackClass =
  'inline-flex h-8 w-14 items-center rounded-full border-2 border-border-strong bg-surface-3 group-data-[state=checked]:bg-primary';
export const thumbClass =
  'block h-6 w-6 translate-x-0.5 rounded-full bg-fg shadow transition-transform data-[state=checked]:translate-x-6 data-[state=checked]:bg-primary-fg';

export const MAIN_NOTIFICATIONS_REQUIRED = 'Main Notifications Required';

/**
 * /settings (and /notifications): the Notifications switch and the last-chance switch (disabled unless the main one
 * is on: 'Main Notifications Required'). The main switch shows what is true on this device — on only when the
 * browser allows notifications, this device is registered with the server and the daily reminder is on — and
 * otherwise says why it is off and how to fix it. `healthLink`: a link to /notifications (reminder health).
 */
export function NotificationSettings({ checkInTime, healthLink = false }: { checkInTime: string; healthLink?: boolean }) {
  const mainId = useId();
  const lastId = useId();
  const device = useThisDevice();
  const settings = device.settings;
  const patch = usePatchNotificationSettings();
  const { enable, disable, pending, subscribing } = useNotificationSwitch(checkInTime);
  const main = device.state === 'on';
  const last = main && (settings.data?.lastChanceReminders ?? false);
  const busy = pending || subscribing || patch.isPending || !settings.data;
  const time = formatWallTime12h(effectiveCheckInTime(checkInTime));
  return (
    <>
      <div className="flex min-h-14 flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
        <label htmlFor={mainId} className="font-medium">
          Notifications
        </label>
        <Switch.Root
          id={mainId}
          checked={main}
          disabled={busy || device.state === 'checking'}
          aria-describedby={`${mainId}-hint`}
          onCheckedChange={(on) => void (on ? enable() : disable()).catch((err: unknown) => toastError(err, 'Update Failed'))}
          className={switchClass}
        >
          <span aria-hidden="true" className={trackClass}>
            <Switch.Thumb className={thumbClass} />
          </span>
        </Switch.Root>
        <p id={`${mainId}-hint`} className="w-full text-sm text-muted" data-testid="notifications-state" data-state={device.state}>
          {device.state === 'checking' ? '' : DEVICE_STATE_TEXT[device.state](time)}
        </p>
      </div>
      <div className="flex min-h-14 flex-wrap items-center justify-between gap-x-4 gap-y-1 border-t border-border py-2">
        <label htmlFor={lastId} className="font-medium">
          Last-chance reminder
        </label>
        <Switch.Root
          id={lastId}
          checked={last}
          disabled={busy || !main}
          aria-describedby={`${lastId}-hint`}
          onCheckedChange={(on) => patch.mutate({ lastChanceReminders: on }, { onError: (err) => toastError(err, 'Update Failed') })}
          className={switchClass}
        >
          <span aria-hidden="true" className={trackClass}>
            <Switch.Thumb className={thumbClass} />
          </span>
        </Switch.Root>
        <p id={`${lastId}-hint`} className="w-full text-sm text-muted">
          {main ? 'A reminder at 11:50 PM if you have not checked in yet.' : MAIN_NOTIFICATIONS_REQUIRED}
        </p>
      </div>
      {healthLink && (
        <Link to="/notifications" className="-mx-4 flex min-h-14 items-center justify-between border-t border-border px-4 font-medium hover:bg-surface-2">
          Reminder health <ChevronRight aria-hidden="true" size={16} strokeWidth={2.5} className="inline shrink-0 align-[-0.125em]" />
        </Link>
      )}
    </>
  );
}
