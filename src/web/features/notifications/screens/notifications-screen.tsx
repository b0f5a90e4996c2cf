import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { Card, Page, PageHeader } from '@web/components/ui/page';
import { toast, toastError } from '@web/components/ui/toast';
import { useCurrentUser } from '@web/features/auth/api/get-current-user';
import { notificationCheckKey } from '../api/get-notification-check';
import { sendTestNotification } from '../api/send-test-notification';
import { THIS_DEVICE_ENDPOINT_KEY } from '../lib/use-this-device';
import { EmailFallback } from '../components/email-fallback';
import { NotificationSettings } from '../components/notification-settings';
import { permissionState, subscribeThisDevice, type PermissionState } from '../lib/push-client';
import { useThisDevice } from '../lib/use-this-device';

const PERMISSION_TEXT: Record<PermissionState, string> = {
  granted: 'Allowed',
  default: 'Not asked yet',
  denied: 'Blocked in the browser settings',
  unsupported: 'Not supported in this browser',
};

/**
 * /notifications: reminder health at a glance — permission, whether the server has this device registered (and the
 * last message its push service took), every device's last reminder — the e-mail fallback switch and the toggles.
 */
export default function NotificationsScreen() {
  const user = useCurrentUser().data;
  const client = useQueryClient();
  const device = useThisDevice();
  const check = device.check;
  const [permission, setPermission] = useState<PermissionState>(() => permissionState());
  const [busy, setBusy] = useState(false);
  const thisDevice = device.registered;

  const fix = async () => {
    setBusy(true);
    try {
      if (permissionState() === 'default') await Notification.requestPermission();
      setPermission(permissionState());
      await subscribeThisDevice();
      toast({ title: 'Notifications Ready', description: 'This device will get your reminders.' });
    } catch (err) {
      toastError(err, 'Setup Warning');
    } finally {
      await Promise.all([client.invalidateQueries({ queryKey: THIS_DEVICE_ENDPOINT_KEY }), client.invalidateQueries({ queryKey: notificationCheckKey })]);
      setBusy(false);
    }
  };
  const test = async () => {
    try {
      const r = await sendTestNotification();
      toast({ title: 'Test Sent', description: `Sent to ${r.devices} device${r.devices === 1 ? '' : 's'}.` });
    } catch (err) {
      toastError(err, 'Test Failed');
    }
  };

  const when = (at: string | null | undefined) => (at ? new Date(at).toLocaleString() : 'None yet');
  return (
    <Page>
      <PageHeader title="Notifications" backTo="/settings" />
      <Card>
        <h2 className="text-lg font-bold">Reminder health</h2>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2" data-testid="reminder-health">
          <dt className="text-muted">Permission</dt>
          <dd>{PERMISSION_TEXT[permission]}</dd>
          <dt className="text-muted">This device</dt>
          <dd data-testid="this-device">{thisDevice === undefined ? 'Checking…' : thisDevice ? 'Subscribed' : 'Not subscribed'}</dd>
          {thisDevice && (
            <>
              <dt className="text-muted">Last delivered here</dt>
              <dd>{when(check.data?.thisDevice?.lastDeliveredAt)}</dd>
            </>
          )}
          <dt className="text-muted">Devices</dt>
          <dd>{check.data?.devices ?? '…'}</dd>
          <dt className="text-muted">Last reminder delivered</dt>
          <dd>{when(check.data?.lastDeliveredAt)}</dd>
        </dl>
        <div className="mt-4 flex flex-wrap gap-2">
          {permission !== 'denied' && permission !== 'unsupported' && !thisDevice && (
            <Button onClick={() => void fix()} disabled={busy}>
              Enable on this device
            </Button>
          )}
          {check.data?.subscribed && (
            <Button variant="outline" onClick={() => void test()}>
              Send a test notification
            </Button>
          )}
        </div>
        {permission === 'denied' && <p className="mt-3 text-sm text-muted">Please enable notifications in your browser settings first.</p>}
      </Card>
      {user && (
        <section className="mt-4 rounded-2xl border border-border bg-surface px-4" aria-label="Reminders">
          <NotificationSettings checkInTime={user.checkInTime} />
        </section>
      )}
      {user && <EmailFallback email={user.email} devices={check.data?.devices ?? null} iosNotInstalled={device.iosNotInstalled} />}
      {device.iosNotInstalled && (
        <Card className="mt-4">
          <h2 className="text-lg font-bold">On iPhone or iPad</h2>
          <p className="mt-2 text-muted">
            Reminders reach iOS only when Big 7 is on your Home Screen: tap Share, then Add to Home Screen, open Big 7 from there and allow
            notifications.
          </p>
        </Card>
      )}
    </Page>
  );
}
