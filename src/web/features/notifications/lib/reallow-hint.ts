/**
 * How to allow notifications again once they are blocked, in the browser the person is using (issue 30: a blocked
 * permission explains how to re-allow it here). From the user agent: the steps differ per browser and platform.
 */
export function reallowNotificationsHint(userAgent: string): string {
  const ua = userAgent.toLowerCase();
  const ios = /iphone|ipad|ipod/.test(ua);
  const android = ua.includes('android');
  if (ios) return 'On iPhone or iPad: open Settings › Notifications › Big 7 and turn on Allow Notifications.';
  if (ua.includes('firefox/')) {
    return android
      ? 'In Firefox: tap the lock by the address, then Permissions › Notifications › Allow, and reload.'
      : 'In Firefox: click the permissions icon at the left of the address bar, remove “Blocked” for notifications, and reload.';
  }
  if (ua.includes('edg/')) return 'In Edge: click the lock at the left of the address bar, set Notifications to Allow, and reload.';
  if (ua.includes('safari/') && !ua.includes('chrome/') && !ua.includes('chromium/')) {
    return 'In Safari: open Safari › Settings › Websites › Notifications, set this site to Allow, and reload.';
  }
  if (android) return 'In Chrome: tap ⋮ › Settings › Site settings › Notifications, allow this site, and reload.';
  return 'In Chrome: click the site settings icon at the left of the address bar, set Notifications to Allow, and reload.';
}
