/**
 * What this browser allows for push, apart from the push code itself (./push-client.ts): the dashboard reads and
 * watches it on every load, and loads the rest only when a prompt opens or the permission is granted.
 */
export type PermissionState = NotificationPermission | 'unsupported';

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window && 'serviceWorker' in navigator && 'PushManager' in window;
}

export function permissionState(): PermissionState {
  return pushSupported() ? Notification.permission : 'unsupported';
}

/**
 * Spec: new users with default permission get notifications enabled automatically. A new user (the modal not
 * seen yet) has both reminders on from the start (the server's defaults), so nothing waits for a switch: the
 * moment the browser's permission turns 'granted' — through the modal's Allow or the browser's own site
 * settings — this device subscribes. Browsers block or hide a permission prompt that no tap asked for, so the
 * app never asks on its own.
 */
export function shouldAutoEnable(permission: PermissionState, settings: { hasSeenNotificationModal: boolean; dailyReminders: boolean } | undefined): boolean {
  return permission === 'default' && settings !== undefined && !settings.hasSeenNotificationModal && settings.dailyReminders;
}

/**
 * Calls `onGranted` once when the notification permission turns 'granted' (Permissions API), and returns the
 * function that stops watching. Where the API is missing nothing is watched (the next app start heals).
 */
export function watchPermissionGranted(onGranted: () => void): () => void {
  let status: PermissionStatus | null = null;
  let stopped = false;
  const onChange = () => {
    if (status?.state === 'granted' && Notification.permission === 'granted') {
      status.removeEventListener('change', onChange);
      onGranted();
    }
  };
  void navigator.permissions
    ?.query({ name: 'notifications' })
    .then((s) => {
      if (stopped) return;
      status = s;
      s.addEventListener('change', onChange);
    })
    .catch(() => undefined);
  return () => {
    stopped = true;
    status?.removeEventListener('change', onChange);
  };
}
