import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatWallTime12h } from '@shared/domain/dates';
import { effectiveCheckInTime } from '@shared/domain/check-in-window';
import { toast } from '@web/components/ui/toast';
import { notificationCheckKey } from '../api/get-notification-check';
import { usePatchNotificationSettings } from '../api/update-notification-settings';
import { THIS_DEVICE_ENDPOINT_KEY } from './use-this-device';
import { PUSH_MESSAGES, permissionState, pushSupported, subscribeThisDevice } from './push-client';

export const NOTIFICATION_TOASTS = {
  blocked: { title: 'Notifications Blocked', description: 'Please enable notifications in your browser settings first' },
  permissionRequired: { title: 'Permission Required', description: 'Please allow notifications to receive wellness reminders.' },
  setupWarning: { title: 'Setup Warning', description: 'Notifications enabled but some features may not work' },
  ready: (checkInTime: string) => ({
    title: 'Notifications Ready',
    description: `You'll get a reminder at ${formatWallTime12h(effectiveCheckInTime(checkInTime))} when your check-in window opens.`,
  }),
} as const;

/**
 * Turning notifications on (spec part 2 §4): permission (denied is never re-requested), then this device's push
 * subscription in the background, then dailyReminders on. Turning them off saves false for both reminders.
 * Returns whether notifications ended up on.
 */
export function useNotificationSwitch(checkInTime: string) {
  const patch = usePatchNotificationSettings();
  const client = useQueryClient();
  const [subscribing, setSubscribing] = useState(false);
  const enable = useCallback(
    async (extra: { hasSeenNotificationModal?: boolean } = {}): Promise<boolean> => {
      if (!pushSupported()) {
        toast({ title: 'Setup Warning', description: PUSH_MESSAGES.unsupported, variant: 'destructive' });
        return false;
      }
      let state = permissionState();
      if (state === 'denied') {
        toast({ ...NOTIFICATION_TOASTS.blocked, variant: 'destructive' });
        if (extra.hasSeenNotificationModal) await patch.mutateAsync({ hasSeenNotificationModal: true }).catch(() => undefined);
        return false;
      }
      if (state === 'default') state = await Notification.requestPermission();
      if (state !== 'granted') {
        toast({ ...NOTIFICATION_TOASTS.permissionRequired, variant: 'destructive' });
        if (extra.hasSeenNotificationModal) await patch.mutateAsync({ hasSeenNotificationModal: true }).catch(() => undefined);
        return false;
      }
      await patch.mutateAsync({ dailyReminders: true, ...extra });
      toast(NOTIFICATION_TOASTS.ready(checkInTime));
      // The subscription is made in the background; a failure leaves the setting on and says so (the spec's
      // 'Setup Warning', with the Web Push wording of its token messages).
      setSubscribing(true);
      void subscribeThisDevice()
        .catch((err: unknown) =>
          toast({ ...NOTIFICATION_TOASTS.setupWarning, description: `${NOTIFICATION_TOASTS.setupWarning.description}. ${err instanceof Error ? err.message : ''}`.trim(), variant: 'destructive' }),
        )
        .finally(() => {
          setSubscribing(false);
          void client.invalidateQueries({ queryKey: THIS_DEVICE_ENDPOINT_KEY });
          void client.invalidateQueries({ queryKey: notificationCheckKey });
        });
      return true;
    },
    [patch, client, checkInTime],
  );
  const disable = useCallback(
    async (extra: { hasSeenNotificationModal?: boolean } = {}) => {
      await patch.mutateAsync({ dailyReminders: false, lastChanceReminders: false, ...extra });
    },
    [patch],
  );
  return { enable, disable, pending: patch.isPending, subscribing };
}
