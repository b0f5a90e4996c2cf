/** Every notifications query sits under this key: a push registration refreshes them all (src/web/app/app.tsx). */
export const NOTIFICATIONS_KEY = ['notifications'] as const;
