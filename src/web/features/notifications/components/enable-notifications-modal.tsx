import { useEffect, useRef, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Modal } from '@web/components/ui/dialog';
import { useNotificationSettings, usePatchNotificationSettings } from '../api/notifications';
import { useNotificationSwitch } from '../lib/use-enable-notifications';
import { permissionState, shouldAutoEnable, watchPermissionGranted } from '../lib/push-client';

export const NOTIFICATION_MODAL_DELAY_MS = 1_500;
export const NOTIFICATION_MODAL_TEXT = {
  title: 'Enable Push Notifications',
  description: "Get notified when it's time to check in and stay on track with your wellness goals.",
} as const;

/**
 * On the dashboard: the Enable Push Notifications modal 1.5 s after load while hasSeenNotificationModal is false
 * (Allow / Not now; both set it). Also turns notifications on by itself for a new user whose permission is
 * granted outside the modal (shouldAutoEnable). The app shell re-registers the subscription at each app start.
 */
export function EnableNotificationsModal({ checkInTime }: { checkInTime: string }) {
  const settings = useNotificationSettings();
  const patch = usePatchNotificationSettings();
  const { enable, pending } = useNotificationSwitch(checkInTime);
  const [open, setOpen] = useState(false);
  const unseen = settings.data ? !settings.data.hasSeenNotificationModal : false;
  const allowing = useRef(false);
  const autoEnable = shouldAutoEnable(permissionState(), settings.data);

  // A new user with default permission: the moment the browser grants it (outside the modal's Allow too), the
  // device subscribes and notifications are on, with the 'Notifications Ready' toast.
  useEffect(() => {
    if (!autoEnable) return;
    return watchPermissionGranted(() => {
      if (allowing.current) return;
      setOpen(false);
      void enable({ hasSeenNotificationModal: true }).catch(() => undefined);
    });
  }, [autoEnable, enable]);
  useEffect(() => {
    if (!unseen) return;
    const t = setTimeout(() => setOpen(true), NOTIFICATION_MODAL_DELAY_MS);
    return () => clearTimeout(t);
  }, [unseen]);

  const allow = async () => {
    setOpen(false);
    allowing.current = true;
    await enable({ hasSeenNotificationModal: true }).catch(() => undefined);
    allowing.current = false;
  };
  const notNow = () => {
    setOpen(false);
    patch.mutate({ dailyReminders: false, hasSeenNotificationModal: true });
  };

  return (
    <Modal open={open} onOpenChange={(o) => (o ? setOpen(true) : notNow())} title={NOTIFICATION_MODAL_TEXT.title} description={NOTIFICATION_MODAL_TEXT.description}>
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
