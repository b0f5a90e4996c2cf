import { useId } from 'react';
import { Switch } from 'radix-ui';
import { toastError } from '@web/components/ui/toast';
import { useNotificationSettings, usePatchNotificationSettings } from '../api/notifications';
import { useNotificationSwitch } from '../lib/use-enable-notifications';

/** The whole 64×44 button is the tap target (as the Dark Mode switch); the track inside is the visible switch. */
export const switchClass =
  'group relative -mr-1 inline-flex h-11 w-16 shrink-0 items-center justify-center rounded-full disabled:opacity-50 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring';
export const trackClass =
  'inline-flex h-8 w-14 items-center rounded-full border-2 border-border-strong bg-surface-3 group-data-[state=checked]:bg-primary';
export const thumbClass =
  'block h-6 w-6 translate-x-0.5 rounded-full bg-fg shadow transition-transform data-[state=checked]:translate-x-6 data-[state=checked]:bg-primary-fg';

export const MAIN_NOTIFICATIONS_REQUIRED = 'Main Notifications Required';

/** /settings: the notifications toggle and the last-chance toggle (disabled unless the main one is on). */
export function NotificationSettings({ checkInTime }: { checkInTime: string }) {
  const mainId = useId();
  const lastId = useId();
  const settings = useNotificationSettings();
  const patch = usePatchNotificationSettings();
  const { enable, disable, pending } = useNotificationSwitch(checkInTime);
  const main = settings.data?.dailyReminders ?? false;
  const last = main && (settings.data?.lastChanceReminders ?? false);
  const busy = pending || patch.isPending || !settings.data;
  return (
    <>
      <div className="flex min-h-14 items-center justify-between gap-4">
        <label htmlFor={mainId} className="font-medium">
          Notifications
        </label>
        <Switch.Root
          id={mainId}
          checked={main}
          disabled={busy}
          onCheckedChange={(on) => void (on ? enable() : disable()).catch((err: unknown) => toastError(err, 'Update Failed'))}
          className={switchClass}
        >
          <span aria-hidden="true" className={trackClass}>
            <Switch.Thumb className={thumbClass} />
          </span>
        </Switch.Root>
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
    </>
  );
}
