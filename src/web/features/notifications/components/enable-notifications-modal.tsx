import { useEffect, useRef } from 'react';
import { Button } from '@web/components/ui/button';
import { Modal } from '@web/components/ui/dialog';
import { usePatchNotificationSettings } from '../api/update-notification-settings';
import { useNotificationSwitch } from '../lib/use-enable-notifications';

export { NOTIFICATION_MODAL_DELAY_MS } from '../lib/prompt';
export const NOTIFICATION_MODAL_TEXT = {
  title: 'Enable Push Notifications',
  description: "Get notified when it's time to check in and stay on track with your wellness goals.",
} as const;

/**
 * On the dashboard: the Enable Push Notifications modal, open while `open` (see useNotificationPromptDue); Allow
 * and Not now both set hasSeenNotificationModal and call `onAnswered`. Loaded and mounted by the dashboard only when
 * it opens, or when `granted` (usePermissionGrantedForNewUser): a new user whose permission was granted outside the
 * modal gets notifications turned on by itself. The app shell re-registers this device's subscription at each app
 * start (app/app.tsx).
 */
export function EnableNotificationsModal({
  checkInTime,
  open,
  granted = false,
  onAnswered,
}: {
  checkInTime: string;
  open: boolean;
  granted?: boolean;
  onAnswered: () => void;
}) {
  const patch = usePatchNotificationSettings();
  const { enable, pending } = useNotificationSwitch(checkInTime);
  const allowing = useRef(false);
  const autoEnabled = useRef(false);

  // A new user with default permission: the moment the browser grants it (outside the modal's Allow too), the
  // device subscribes and notifications are on, with the 'Notifications Ready' toast.
  useEffect(() => {
    if (!granted || allowing.current || autoEnabled.current) return;
    autoEnabled.current = true;
    onAnswered();
    void enable({ hasSeenNotificationModal: true }).catch(() => undefined);
  }, [granted, enable, onAnswered]);

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
