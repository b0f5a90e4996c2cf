import { useEffect, useRef, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Modal } from '@web/components/ui/dialog';
import { useNotificationSettings } from '../api/get-notification-settings';
import { usePatchNotificationSettings } from '../api/update-notification-settings';
import { useNotificationSwitch } from '../lib/use-enable-notifications';
import { permissionState, shouldAutoEnable, watchPermissionGranted } from '../lib/push-client';

export const NOTIFICATION_MODAL_DELAY_MS = 1_500;
export const NOTIFICATION_MODAL_TEXT = {
  title: 'Enable Push Notifications',
  description: "Get notified when it's time to check in and stay on track with your wellness goals.",
} as const;

/**
 * Whether the Enable Push Notifications prompt is due on the dashboard: hasSeenNotificationModal is false and 1.5 s
 * have passed since it loaded. Whether it opens now is the dashboard's call: it is the last of the dialogs the
 * dashboard opens by itself and waits for every other one (src/shared/domain/dashboard-modals.ts).
 */
export function useNotificationPromptDue(): boolean {
  const settings = useNotificationSettings();
  const unseen = settings.data ? !settings.data.hasSeenNotificationModal : false;
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (!unseen) return;
    const t = setTimeout(() => setWaited(true), NOTIFICATION_MODAL_DELAY_MS);
    return () => clearTimeout(t);
  }, [unseen]);
  return unseen && waited;
}

/**
 * On the dashboard: the Enable Push Notifications modal, open while `open` (see useNotificationPromptDue); Allow
 * and Not now both set hasSeenNotificationModal and call `onAnswered`. Also turns notifications on by itself for a
 * new user whose permission is granted outside the modal (shouldAutoEnable). The app shell re-registers this
 * device's subscription at each app start (app/app.tsx).
 */
export function EnableNotificationsModal({ checkInTime, open, onAnswered }: { checkInTime: string; open: boolean; onAnswered: () => void }) {
  const settings = useNotificationSettings();
  const patch = usePatchNotificationSettings();
  const { enable, pending } = useNotificationSwitch(checkInTime);
  const allowing = useRef(false);
  const autoEnable = shouldAutoEnable(permissionState(), settings.data);

  // A new user with default permission: the moment the browser grants it (outside the modal's Allow too), the
  // device subscribes and notifications are on, with the 'Notifications Ready' toast.
  useEffect(() => {
    if (!autoEnable) return;
    return watchPermissionGranted(() => {
      if (allowing.current) return;
      onAnswered();
      void enable({ hasSeenNotificationModal: true }).catch(() => undefined);
    });
  }, [autoEnable, enable, onAnswered]);

  const allow = async () => {
    onAnswered();
    allowing.current = true;
    await enable({ hasSeenNotificationModal: true }).catch(() => undefined);
    allowing.current = false;
  };
  const notNow = () => {
    onAnswered();
    patch.mutate({ dailyReminders: false, hasSeenNotificationModal: true });
  };

  return (
    <Modal open={open} queued onOpenChange={(o) => !o && notNow()} title={NOTIFICATION_MODAL_TEXT.title} description={NOTIFICATION_MODAL_TEXT.description}>
      <div className="mt-6 flex flex-col gap-2">
        <Button onClick={() => void allow()} disabled={pending}>
          Allow
        </Button>
        <Button variant="ghost" onClick={notNow} disabled={pending}>
          Not now
        </Button>
      </div>
    </Modal>
  );
}
