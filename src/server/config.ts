import { z } from 'zod';
import { EMAIL_SHAPE } from '../shared/schemas/auth';

const onOff = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((v) => v === 'on' || v === 'true' || v === '1');

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional());

/** True when the text parses as a URL that names a host ("smtp://" alone does not). */
function hasHost(text: string): boolean {
  try {
    return new URL(text).hostname !== '';
  } catch {
    return false;
  }
}

/** A comma-separated list of e-mail addresses; empty entries (e.g. from a trailing comma) are ignored. */
const emailList = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  )
  .superRefine((list, ctx) => {
    for (const entry of list) {
      if (!EMAIL_SHAPE.test(entry)) ctx.addIssue({ code: 'custom', message: `"${entry}" is not an e-mail address` });
    }
  });
const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  APP_URL: optionalUrl,
  SMTP_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .refine(hasHost, 'must be a URL with a host, e.g. smtp://user:password@mail.example.com:587')
      .optional(),
  ),
  MAIL_FROM: z.string().default('Big 7 <no-reply@big7.local>'),
  DEV_TOOLS: z.preprocess((v) => (v === '' ? undefined : v), onOff.optional()),
  ADMIN_EMAILS: emailList,
  SUPPORT_EMAIL: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_AUTH_URL: z.string().url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.string().url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: z.string().url().default('https://openidconnect.googleapis.com/v1/userinfo'),
  REDIS_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.preprocess((v) => (v === '' ? undefined : v), onOff.optional()),
  TEST_CLOCK: z.preprocess((v) => (v === '' ? undefined : v), onOff.optional()),
  JOBS: z.preprocess((v) => (v === '' ? undefined : v), onOff.optional()),
  ROLLOVER_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  STRIPE_SECRET_KEY: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^(sk|rk)_[A-Za-z0-9_]+$/, 'must be a Stripe secret key (sk_live_…, sk_test_… or rk_…)')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^whsec_[A-Za-z0-9_]+$/, 'must be a Stripe webhook signing secret (whsec_…)')
      .optional(),
  ),
  STRIPE_API_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^https?:\/\//, 'must start with http:// or https://')
      .refine(hasHost, 'must be a URL with a host, e.g. http://127.0.0.1:12111')
      .optional(),
  ),
});

/** Stripe's API address as the SDK takes it (host, port, protocol). */
export interface StripeApiAddress {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

function stripeApiAddress(url: string): StripeApiAddress {
  const u = new URL(url);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { host: u.hostname, port: u.port ? Number(u.port) : protocol === 'http' ? 80 : 443, protocol };
}

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  appUrl: string;
  secureCookies: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  devTools: boolean;
  adminEmails: string[];
  supportEmail: string;
  google: {
    clientId: string;
    clientSecret: string;
    authUrl: string;
    tokenUrl: string;
    userInfoUrl: string;
  } | null;
  redisUrl: string | undefined;
  logLevel: string;
  trustProxy: boolean;
  /** Browser tests move the server's clock through POST /api/test/clock. */
  testClock: boolean;
  /** Run the scheduled day rollover in this process (default on, off under NODE_ENV=test where tests drive ticks). */
  jobs: boolean;
  /** How often the rollover job looks for due users. */
  rolloverIntervalMs: number;
  /** Stripe Checkout and webhooks; null: the built-in TEST MODE checkout. */
  stripe: {
    secretKey: string;
    webhookSecret: string;
    /** Another API host (tests, stripe-mock); null: Stripe's own. */
    api: StripeApiAddress | null;
  } | null;
}

export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if ((e.GOOGLE_CLIENT_ID && !e.GOOGLE_CLIENT_SECRET) || (!e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  - GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
    );
  }
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  - STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together',
    );
  }
  if (e.TEST_CLOCK && e.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration:\n  - TEST_CLOCK: must not be on when NODE_ENV=production');
  }
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const adminEmails = e.ADMIN_EMAILS;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    appUrl,
    secureCookies: appUrl.startsWith('https://'),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    devTools: e.DEV_TOOLS ?? e.NODE_ENV !== 'production',
    adminEmails,
    supportEmail: e.SUPPORT_EMAIL ?? adminEmails[0] ?? e.MAIL_FROM,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            authUrl: e.GOOGLE_AUTH_URL,
            tokenUrl: e.GOOGLE_TOKEN_URL,
            userInfoUrl: e.GOOGLE_USERINFO_URL,
          }
        : null,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY ?? false,
    testClock: e.TEST_CLOCK ?? false,
    jobs: e.JOBS ?? e.NODE_ENV !== 'test',
    rolloverIntervalMs: e.ROLLOVER_INTERVAL_SECONDS * 1000,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            api: e.STRIPE_API_URL ? stripeApiAddress(e.STRIPE_API_URL) : null,
          }
        : null,
  };
}
