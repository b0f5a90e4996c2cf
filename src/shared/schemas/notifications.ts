import { z } from 'zod';

/** A browser PushSubscription (PushSubscription.toJSON()). */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string().url('endpoint must be a URL').max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/, 'keys.p256dh must be base64url').min(80).max(100),
    auth: z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/, 'keys.auth must be base64url').min(16).max(30),
  }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

/** POST /api/notifications/register-token: the subscription as a JSON string (or the object itself). */
export const registerTokenBodySchema = z.object({
  token: z.union([z.string().min(1, 'token is required').max(4096), pushSubscriptionSchema]),
});

export const vapidPublicKeySchema = z.object({ publicKey: z.string() });

export const notificationSettingsSchema = z.object({
  dailyReminders: z.boolean(),
  lastChanceReminders: z.boolean(),
  hasSeenNotificationModal: z.boolean(),
  /** Opt-in (default off): the reminders come by e-mail while no device of the user has a live push subscription. */
  emailFallback: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const notificationSettingsPatchSchema = notificationSettingsSchema
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Send at least one of dailyReminders, lastChanceReminders, hasSeenNotificationModal, emailFallback');

/**
 * POST /api/notifications/toggle's `type`: the spec's setting names (`dailyReminders`, `lastChanceReminders`) and
 * the reminder kinds (`daily`, `last-chance`), which name the same two switches.
 */
export const NOTIFICATION_TOGGLE_TYPES = ['dailyReminders', 'lastChanceReminders', 'daily', 'last-chance'] as const;
export type NotificationToggleType = (typeof NOTIFICATION_TOGGLE_TYPES)[number];
/** The setting each toggle type switches. */
export const TOGGLE_SETTING: Record<NotificationToggleType, 'dailyReminders' | 'lastChanceReminders'> = {
  dailyReminders: 'dailyReminders',
  daily: 'dailyReminders',
  lastChanceReminders: 'lastChanceReminders',
  'last-chance': 'lastChanceReminders',
};
export const toggleBodySchema = z.object({
  type: z.enum(NOTIFICATION_TOGGLE_TYPES, { message: "type must be 'dailyReminders' or 'lastChanceReminders' ('daily' and 'last-chance' work too)" }),
  enabled: z.boolean({ message: 'enabled must be true or false' }),
});

export const registerResultSchema = z.object({ success: z.literal(true), devices: z.number().int() });
export const sendResultSchema = z.object({ success: z.literal(true), devices: z.number().int() });

/** GET /api/notifications/check's query: this browser's push endpoint, when it has a subscription. */
export const notificationCheckQuerySchema = z.object({
  endpoint: z.string().url('endpoint must be the URL of this browser\'s push subscription').max(2048).optional(),
});

/** GET /api/notifications/check: whether reminders can reach the user. */
export const notificationCheckSchema = z.object({
  subscribed: z.boolean(),
  devices: z.number().int(),
  settings: notificationSettingsSchema,
  /** The last reminder any device of the user's took. */
  lastDeliveredAt: z.string().nullable(),
  nextDailyAt: z.string().nullable(),
  nextLastChanceAt: z.string().nullable(),
  /**
   * The browser that asked (its endpoint in the query): whether the server has it registered for this user, and the
   * last message its push service took. Null when no endpoint was given.
   */
  thisDevice: z.object({ registered: z.boolean(), lastDeliveredAt: z.string().nullable() }).nullable(),
});
export type NotificationCheck = z.infer<typeof notificationCheckSchema>;
