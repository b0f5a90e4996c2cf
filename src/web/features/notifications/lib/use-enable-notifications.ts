import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatWallTime12h } from '@shared/domain/dates';
import { effectiveCheckInTime } from '@shared/domain/check-in-rules';
import { toast } from '@web/components/ui/toast';
import { notificationCheckKey } from '../api/get-notification-check';
import { usePatchNotificationSettings } from '../api/update-notification-settings';
import { THIS_DEVICE_ENDPOINT_KEY } from './use-this-device';
import { PUSH_MESSAGES, permissionState, pushSupported, subscribeThisDevice } from './push-client';
import { reallowNotificationsHint } from './reallow-hint';

export const NOTIFICATION_TOASTS = {
  /** Blocked: how to allow them again in this browser (issue 30). */
  blocked: (userAgent: string) => ({
    title: 'Notifications Blocked',
    description: `This browser blocks notifications for Big 7, so reminders stay off. ${reallowNotificationsHint(userAgent)}`,
  }),
  permissionRequired: { title: 'Permission Required', description: 'Please allow notifications to receive wellness reminders.' },
  /** The device could not subscribe: reminders stay off, and the settings say so too (one message per outcome). */
  notSetUp: (reason: string) => ({
    title: 'Reminders Not Turned On',
    description: `This device could not be registered for notifications, so reminders stay off. ${reason} Please try again later.`.replace(/\s+/g, ' '),
  }),
  ready: (checkInTime: string) => ({
    title: 'Notifications Ready',
    description: `You'll get a reminder at ${formatWallTime12h(effectiveCheckInTime(checkInTime))} when your check-in window opens.`,
  }),
} as const;

/**
 * Turning notifications on (spec part 2 §4): permission (denied is never re-requested: the message says how to
 * allow it again in this browser), then this device's push subscription, then dailyReminders on. Turning them off saves false for both reminders.
 * Returns whether notifications ended up on.
 */
export function useNotificationSwitch(checkInTime: string) {
  const patch = usePatchNotificationSettings();
  const client = useQueryClient();
  const [subscribing, setSubscribing] = useState(false);
  const enable = useCallback(
    async (extra: { hasSeenNotificationModal?: boolean } = {}): Promise<boolean> => {
      if (!pushSupported()) {
        toast({ title: 'Reminders Not Turned On', description: PUSH_MESSAGES.unsupported, variant: 'destructive' });
        return false;
      }
      let state = permissionState();
      if (state === 'denied') {
        toast({ ...NOTIFICATION_TOASTS.blocked(navigator.userAgent), variant: 'destructive' });
        if (extra.hasSeenNotificationModal) await patch.mutateAsync({ hasSeenNotificationModal: true }).catch(() => undefined);
        return false;
      }
      if (state === 'default') state = await Notification.requestPermission();
      if (state !== 'granted') {
        toast({ ...NOTIFICATION_TOASTS.permissionRequired, variant: 'destructive' });
        if (extra.hasSeenNotificationModal) await patch.mutateAsync({ hasSeenNotificationModal: true }).catch(() => undefined);
        return false;
      }
      // This device subscribes first, then reminders go on: one message for the outcome, and the settings agree
      // with it (issue 30: no 'Ready' followed by a red 'enabled but…' while Settings says off).
      setSubscribing(true);
      try {
        await subscribeThisDevice();
      } catch (err: unknown) {
        toast({ ...NOTIFICATION_TOASTS.notSetUp(err instanceof Error ? err.message : ''), variant: 'destructive' });
        if (extra.hasSeenNotificationModal) await patch.mutateAsync({ hasSeenNotificationModal: true }).catch(() => undefined);
        return false;
      } finally {
        setSubscribing(false);
        void client.invalidateQueries({ queryKey: THIS_DEVICE_ENDPOINT_KEY });
        void client.invalidateQueries({ queryKey: notificationCheckKey });
      }
      await patch.mutateAsync({ dailyReminders: true, ...extra });
      toast(NOTIFICATION_TOASTS.ready(checkInTime));
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
