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

export const NOTIFICATION_TOGGLE_TYPES = ['daily', 'last-chance'] as const;
export const toggleBodySchema = z.object({
  type: z.enum(NOTIFICATION_TOGGLE_TYPES, { message: "type must be 'daily' or 'last-chance'" }),
  enabled: z.boolean({ message: 'enabled must be true or false' }),
});

export const registerResultSchema = z.object({ success: z.literal(true), devices: z.number().int() });
export const sendResultSchema = z.object({ success: z.literal(true), devices: z.number().int() });

/** GET /api/notifications/check: whether reminders can reach the user. */
export const notificationCheckSchema = z.object({
  subscribed: z.boolean(),
  devices: z.number().int(),
  settings: notificationSettingsSchema,
  lastDeliveredAt: z.string().nullable(),
  nextDailyAt: z.string().nullable(),
  nextLastChanceAt: z.string().nullable(),
});
export type NotificationCheck = z.infer<typeof notificationCheckSchema>;
