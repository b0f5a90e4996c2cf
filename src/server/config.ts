import { availableParallelism } from 'node:os';
import { isIP } from 'node:net';
import { z } from 'zod';
import { EMAIL_SHAPE } from '../shared/schemas/auth';
import { AI_COACH_DEFAULT_DAILY_LIMIT } from '../shared/schemas/ai-coach';
import { parseAllowedPushHost, type AllowedPushHost } from './plugins/push-address';

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
/** Names proxy-addr (Fastify's trustProxy) accepts for address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** True for an IP address, an address/prefix (CIDR) or one of proxy-addr's range names. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [addr = '', prefix, ...rest] = entry.split('/');
  const family = isIP(addr);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which peers may set X-Forwarded-For: `off` (default) trusts nobody; a number trusts that many proxy hops in
 * front of the server; a comma-separated list trusts those proxy addresses or CIDR ranges. `on`/`true` trusted
 * every client's header, so anyone could pick the address the per-IP limits count; it is refused.
 */
const trustProxy = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string()
    .optional()
    .transform((v, ctx): false | number | string[] => {
      const text = v?.trim().toLowerCase();
      if (text === undefined || text === 'off' || text === 'false' || text === '0') return false;
      if (text === 'on' || text === 'true') {
        ctx.addIssue({
          code: 'custom',
          message:
            '"on" is no longer accepted (it let any client forge its address). Write the number of proxies in front of the server (e.g. TRUST_PROXY=1) or their addresses (e.g. TRUST_PROXY=10.0.0.0/8,127.0.0.1)',
        });
        return z.NEVER;
      }
      if (/^\d+$/.test(text)) {
        const hops = Number(text);
        if (hops > 10) {
          ctx.addIssue({ code: 'custom', message: `${hops} proxy hops is more than 10: write the number of proxies in front of the server` });
          return z.NEVER;
        }
        return hops;
      }
      const entries = text.split(',').map((s) => s.trim()).filter(Boolean);
      const bad = entries.filter((e) => !isProxyAddress(e));
      if (bad.length > 0 || entries.length === 0) {
        ctx.addIssue({
          code: 'custom',
          message: `${bad.map((b) => `"${b}"`).join(', ') || 'an empty list'} is not a proxy address: write off, a hop count (e.g. 1) or addresses/CIDR ranges (e.g. 10.0.0.0/8,127.0.0.1)`,
        });
        return z.NEVER;
      }
      return entries;
    }),
);

/** PUSH_ALLOWED_HOSTS: comma-separated `host[:port]` entries (a host alone: any port). */
const pushAllowedHosts = z
  .string()
  .default('')
  .transform((v, ctx): AllowedPushHost[] => {
    const out: AllowedPushHost[] = [];
    for (const entry of v.split(',').map((s) => s.trim()).filter(Boolean)) {
      const parsed = parseAllowedPushHost(entry);
      if (!parsed) {
        ctx.addIssue({ code: 'custom', message: `"${entry}" is not a host or host:port (e.g. push.internal.example:8443 or 127.0.0.1:9000)` });
        return z.NEVER;
      }
      out.push(parsed);
    }
    return out;
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
  HASH_SECRET: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(32, 'must be at least 32 characters (e.g. openssl rand -base64 48)').optional(),
  ),
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
  TRUST_PROXY: trustProxy,
  TEST_CLOCK: z.preprocess((v) => (v === '' ? undefined : v), onOff.optional()),
  JOBS: z.preprocess((v) => (v === '' ? undefined : v), onOff.optional()),
  ROLLOVER_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  AI_COACH_BASE_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^https?:\/\//, 'must start with http:// or https://, e.g. http://localhost:11434/v1')
      .refine(hasHost, 'must be a URL with a host, e.g. https://api.openai.com/v1')
      .optional(),
  ),
  AI_COACH_API_KEY: optionalString,
  AI_COACH_MODEL: optionalString,
  AI_COACH_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
  AI_COACH_DAILY_LIMIT: z.coerce.number().int().min(1).max(10_000).default(AI_COACH_DEFAULT_DAILY_LIMIT),
  AI_COACH_MAX_TOKENS: z.coerce.number().int().min(16).max(32_000).default(600),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  JOBS_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  PUSH_THREADS: z.coerce.number().int().min(0).max(64).optional(),
  PUSH_ALLOWED_HOSTS: pushAllowedHosts,
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
  PAYMENTS_TEST_MODE: z.preprocess((v) => (v === '' ? undefined : v), onOff.optional()),
  VAPID_PUBLIC_KEY: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'must be the 65-byte P-256 public key in URL-safe base64 (npx web-push generate-vapid-keys)').optional(),
  ),
  VAPID_PRIVATE_KEY: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be the 32-byte P-256 private key in URL-safe base64 (npx web-push generate-vapid-keys)').optional(),
  ),
  VAPID_SUBJECT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^(mailto:.+@.+|https:\/\/[^/]+.*)$/, 'must be a mailto: or https: URL, e.g. mailto:admin@example.com')
      .optional(),
  ),
});

/** The OpenAI-compatible endpoint's default base URL (when only an API key is given). */
export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

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
  /**
   * Key of the HMAC that keeps used one-time offers per e-mail address (decision 018). Unset: a secret generated
   * once and stored in the database. Never change it once set: earlier hashes would stop matching.
   */
  hashSecret: string | undefined;
  google: {
    clientId: string;
    clientSecret: string;
    authUrl: string;
    tokenUrl: string;
    userInfoUrl: string;
  } | null;
  redisUrl: string | undefined;
  logLevel: string;
  /** Who may set X-Forwarded-For: nobody (false), that many proxy hops, or these proxy addresses/CIDR ranges. */
  trustProxy: false | number | string[];
  /** Browser tests move the server's clock through POST /api/test/clock. */
  testClock: boolean;
  /** Run the job queue (e-mails, the day rollover…) in this process (default on, off under NODE_ENV=test where tests drain it). */
  jobs: boolean;
  /** How often the job runner looks for due jobs. */
  jobsPollMs: number;
  /** How often the rollover job looks for due users. */
  rolloverIntervalMs: number;
  /** An OpenAI-compatible chat completions endpoint for the AI Coach; null: the built-in coach. */
  aiCoach: { baseUrl: string; apiKey: string | undefined; model: string } | null;
  /** The most one AI Coach answer may take, retries included (ms). */
  aiCoachTimeoutMs: number;
  /** Questions one user may ask the AI Coach per local day (crisis questions are always answered). */
  aiCoachDailyLimit: number;
  /** max_tokens of every provider call: the longest answer one ask may cost. */
  aiCoachMaxTokens: number;
  /** A request whose headers and body have not all arrived by then gets 408 and its connection closed. */
  requestTimeoutMs: number;
  /** Stripe Checkout and webhooks; null: the built-in TEST MODE checkout. */
  stripe: {
    secretKey: string;
    webhookSecret: string;
    /** Another API host (tests, stripe-mock); null: Stripe's own. */
    api: StripeApiAddress | null;
  } | null;
  /**
   * The built-in TEST MODE checkout (no money taken) when Stripe is not configured: PAYMENTS_TEST_MODE, by default on
   * unless NODE_ENV=production. Off without Stripe: checkout answers 503 (payments are not set up).
   */
  paymentsTestMode: boolean;
  /** Web Push: VAPID keys from the environment (null: generated once and stored in the database) and subject. */
  vapid: { publicKey: string; privateKey: string } | null;
  vapidSubject: string;
  /** Worker threads that encrypt and send Web Push messages (0: this thread); default the cores, up to 4, 0 in tests. */
  pushThreads: number;
  /**
   * PUSH_ALLOWED_HOSTS: hosts (any port, or one port) a push subscription may name besides the browsers' push
   * services, over http: too, and that may be on a local or private address (a test or in-house push service).
   */
  pushAllowedHosts: AllowedPushHost[];
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
  const aiCoachEndpoint = e.AI_COACH_BASE_URL ?? (e.AI_COACH_API_KEY ? OPENAI_DEFAULT_BASE_URL : undefined);
  if (aiCoachEndpoint && !e.AI_COACH_MODEL) {
    throw new ConfigError('Invalid configuration:\n  - AI_COACH_MODEL: required with AI_COACH_BASE_URL or AI_COACH_API_KEY (e.g. gpt-4o-mini, llama3.1)');
  }
  if (!aiCoachEndpoint && e.AI_COACH_MODEL) {
    throw new ConfigError('Invalid configuration:\n  - AI_COACH_MODEL: set AI_COACH_BASE_URL or AI_COACH_API_KEY too (or unset it for the built-in coach)');
  }
  if (e.TEST_CLOCK && !e.DEV_TOOLS) {
    throw new ConfigError(
      'Invalid configuration:\n  - TEST_CLOCK: the test clock is a developer tool; set DEV_TOOLS=on with it (or turn TEST_CLOCK off)',
    );
  }
  if (!!e.VAPID_PUBLIC_KEY !== !!e.VAPID_PRIVATE_KEY) {
    throw new ConfigError('Invalid configuration:\n  - VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (or both unset: keys are generated and stored)');
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
    // Off unless asked for: the tools let any signed-in user change their own streak, shields and trial.
    devTools: e.DEV_TOOLS ?? false,
    adminEmails,
    supportEmail: e.SUPPORT_EMAIL ?? adminEmails[0] ?? e.MAIL_FROM,
    hashSecret: e.HASH_SECRET,
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
    trustProxy: e.TRUST_PROXY,
    testClock: e.TEST_CLOCK ?? false,
    jobs: e.JOBS ?? e.NODE_ENV !== 'test',
    rolloverIntervalMs: e.ROLLOVER_INTERVAL_SECONDS * 1000,
    aiCoach: aiCoachEndpoint ? { baseUrl: aiCoachEndpoint.replace(/\/+$/, ''), apiKey: e.AI_COACH_API_KEY, model: e.AI_COACH_MODEL! } : null,
    aiCoachTimeoutMs: e.AI_COACH_TIMEOUT_MS,
    aiCoachDailyLimit: e.AI_COACH_DAILY_LIMIT,
    aiCoachMaxTokens: e.AI_COACH_MAX_TOKENS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
    jobsPollMs: e.JOBS_POLL_MS,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            api: e.STRIPE_API_URL ? stripeApiAddress(e.STRIPE_API_URL) : null,
          }
        : null,
    paymentsTestMode: e.PAYMENTS_TEST_MODE ?? e.NODE_ENV !== 'production',
    vapid: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : null,
    vapidSubject: e.VAPID_SUBJECT ?? (appUrl.startsWith('https://') ? appUrl : `mailto:${(adminEmails[0] ?? 'no-reply@big7.local')}`),
    pushThreads: e.PUSH_THREADS ?? (e.NODE_ENV === 'test' ? 0 : Math.min(4, availableParallelism())),
    pushAllowedHosts: e.PUSH_ALLOWED_HOSTS,
  };
}
