import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import {
  hasZodFastifySchemaValidationErrors,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import type { ChangeFeed } from './db/change-feed';
import { AppError, validationErrorBody } from './errors';
import { withSafeSerializers } from './logging';
import { systemClock, type Clock } from './context';
import { createMailer, type Mailer } from './plugins/mail';
import sessionPlugin from './plugins/session';
import rateLimitPlugin from './plugins/rate-limit';
import healthRoutes from './modules/health/routes';
import authRoutes from './modules/auth/routes';
import userRoutes from './modules/user/routes';
import checkInRoutes from './modules/check-ins/routes';
import tipsRoutes from './modules/tips/routes';
import * as streaks from './modules/streaks/service';
import * as subscriptions from './modules/subscriptions/service';
import jobsPlugin from './jobs/plugin';
import pushPlugin from './plugins/push';
import { DomainEventBus, type EventWiring } from './events';
import { inlineScriptHashes, parsePrerendered, prerenderedFor, renderShell, showsDashboard } from './web-shell';
import { hasLiveSession } from './shell-session';
import { installJsonBodyParser, refuseBodiesWhereNoneIsTaken, securityPlugin, serializerCompiler } from './http';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    dbEngine: 'pglite' | 'postgres';
    clock: Clock;
    mailer: Mailer;
    /** Domain events: `tx.events.publish(tx, name, event)` inside the transaction of the write (`tx` from inTx). */
    events: DomainEventBus;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  db: Db;
  dbEngine: 'pglite' | 'postgres';
  /**
   * The database's change feed (DbHandle.changes): with it the per-process session and dashboard caches stay fresh
   * across instances and may live longer; without it sessions are cached 2 s and dashboard rows not at all.
   */
  changes?: ChangeFeed;
  clock?: Clock;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built client; served with SPA fallback when it exists. */
  webRoot?: string | null;
  /** Run the job queue (e-mails, the day rollover) in this process; default: config.jobs (off under NODE_ENV=test: tests drain it). */
  jobs?: boolean;
  /** Consumers of domain events (default: the modules' wiring); tests add their own. */
  events?: EventWiring;
  /** Random source of the job retry jitter (tests pass () => 0). */
  jobsRandom?: () => number;
}

export type App = FastifyInstance;

/**
 * Where the app's pages may submit forms (CSP form-action): the app itself, plus Stripe Checkout's origin when
 * Stripe is configured (its checkout page is reached by navigation, and some browsers apply form-action to the
 * redirects that follow a form submission).
 */
const STRIPE_CHECKOUT_ORIGIN = 'https://checkout.stripe.com';
const formActionSources = (config: AppConfig): string[] => (config.stripe ? ["'self'", STRIPE_CHECKOUT_ORIGIN] : ["'self'"]);

/** Paths of built files: a miss is a 404, never the page (a script or map answered with HTML misleads). */
const isAssetPath = (url: string): boolean => url.startsWith('/assets/') || url.endsWith('.map');

/**
 * Fastify's trustProxy for TRUST_PROXY: a hop count trusts that many addresses counted from the socket peer
 * (Fastify 5 treats a bare number as "trust nothing"), a list trusts those proxies, false trusts nobody.
 */
function trustProxyOption(trust: AppConfig['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust;
}

function defaultWebRoot(): string | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../web'), path.resolve(here, '../../dist/web')];
  return candidates.find((c) => existsSync(path.join(c, 'index.html'))) ?? null;
}

/** Builds the whole application without listening: used by main.ts and by the tests. */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: withSafeSerializers(opts.logger),
    // A little over 1 MB so oversized fields reach validation and get a readable 400.
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: trustProxyOption(opts.config.trustProxy),
    // A request must arrive whole (headers and body) within REQUEST_TIMEOUT_SECONDS, else 408 and the connection
    // closes: a slow or stalled upload cannot hold a connection. Node checks every connectionsCheckingInterval.
    requestTimeout: opts.config.requestTimeoutMs,
    http: {
      requestTimeout: opts.config.requestTimeoutMs,
      headersTimeout: opts.config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(30_000, Math.max(250, Math.floor(opts.config.requestTimeoutMs / 4))),
    },
    // Idle keep-alive connections close after 72 s (longer than common load balancers' 60 s idle timeout).
    keepAliveTimeout: 72_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only real text: every JSON body is UTF-8, well-formed Unicode and at most 64 levels deep (http.ts).
  installJsonBodyParser(app);
  // A write route without a body schema takes {} or nothing: a stray body never performs its action.
  refuseBodiesWhereNoneIsTaken(app);

  app.decorate('config', opts.config);
  app.decorate('db', opts.db);
  app.decorate('dbEngine', opts.dbEngine);
  app.decorate('clock', opts.clock ?? systemClock);
  const mailer = opts.mailer ?? createMailer({ smtpUrl: opts.config.smtpUrl, from: opts.config.mailFrom, log: app.log });
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());

  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(validationErrorBody(error.validation));
    }
    if (error instanceof AppError) {
      for (const [k, v] of Object.entries(error.headers)) reply.header(k, v);
      return reply.status(error.statusCode).send({ ...error.extra, message: error.message });
    }
    const err = error as { statusCode?: number; message?: string };
    const status = err.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const msg =
        status === 413
          ? 'The request is too large'
          : status === 415
            ? 'Send the request body as JSON (Content-Type: application/json)'
            : status === 429
              ? 'Too Many Requests'
              : String(err.message ?? '').includes('JSON')
                ? 'The request body is not valid JSON'
                : String(err.message ?? 'Bad request');
      return reply.status(status).send({ message: msg });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });

  const webRoot = opts.webRoot === undefined ? defaultWebRoot() : opts.webRoot;
  const shellTemplate = webRoot ? readFileSync(path.join(webRoot, 'index.html'), 'utf8') : null;
  const prerenderedFile = webRoot ? path.join(webRoot, 'prerendered.json') : null;
  const prerendered = parsePrerendered(prerenderedFile && existsSync(prerenderedFile) ? readFileSync(prerenderedFile, 'utf8') : null);

  await app.register(cookie);
  await app.register(securityPlugin, {
    appUrl: opts.config.appUrl,
    helmet: {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...(shellTemplate ? inlineScriptHashes(shellTemplate) : [])],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'"],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          formAction: formActionSources(opts.config),
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    },
  });
  await app.register(rateLimitPlugin);
  await app.register(sessionPlugin, { changes: opts.changes });

  await app.register(pushPlugin);
  await app.register(jobsPlugin, {
    run: opts.jobs ?? opts.config.jobs,
    pollIntervalMs: opts.config.jobsPollMs,
    rolloverIntervalMs: opts.config.rolloverIntervalMs,
    ...(opts.jobsRandom ? { random: opts.jobsRandom } : {}),
  });
  app.decorate('events', new DomainEventBus(opts.events ?? eventWiring, app.jobs));
  await app.register(registerModules, { prefix: '/api' });

  if (webRoot) {
    // Brotli/gzip copies made at build time (scripts/precompress.ts) are sent as they are. Hashed files under
    // /assets never change: cached for a year; anything else (icons, manifest, robots.txt) is checked each time.
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // Client source maps are never served in production, even if a build left some on disk.
      globIgnore: opts.config.nodeEnv === 'production' ? ['**/*.map'] : undefined,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const hashed = filePath.startsWith(path.join(webRoot, 'assets') + path.sep);
        reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  if (webRoot && existsSync(path.join(webRoot, 'sw.js'))) {
    // The spec's second registration path: the same one service worker (DECISIONS: one worker, /sw.js).
    app.get('/service-worker.js', (_req, reply) => reply.header('Cache-Control', 'no-cache').sendFile('sw.js', { cacheControl: false }));
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const notPage = url.startsWith('/api/') || url === '/api' || isAssetPath(url);
    if (notPage || !shellTemplate || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ message: `Not found: ${request.method} ${url}` });
    }
    // The client router handles every other path (unknown ones go to /); the page carries the route's metadata
    // (a path over MAX_PAGE_PATH_LENGTH gets the root's: see pagePath).
    // The dashboard's read is preloaded with its page, for a live session only (web-shell.ts, shell-session.ts); a
    // signed-out page's prerendered markup is sent to a request without one (decision 029).
    const markup = prerenderedFor(prerendered, request.url);
    const bySession = showsDashboard(url) || markup !== null;
    const signedIn = bySession && (await hasLiveSession(app, request));
    // Such a page differs with the cookie: no shared cache may hand one person's to another.
    if (bySession) reply.header('Vary', 'Cookie');
    return reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(renderShell(shellTemplate, opts.config.appUrl, url, { signedIn, prerendered: signedIn ? null : markup }));
  });

  return app;
}

/**
 * Who acts on each domain event (src/server/events.ts), in one place. In-transaction consumers share the write;
 * `jobs` entries become durable jobs enqueued in that transaction (how to add one: docs/decisions/013-domain-events.md).
 * A check-in is not an event: the check-ins service calls the streak's step and enqueues its job itself.
 */
export const eventWiring: EventWiring = {
  'payment.succeeded': {
    // Published once per provider payment id, in the transaction that records the purchase (payments service):
    // the product is granted with the payment row or not at all. A shield or a recovery is the streak's; a
    // membership's paid period (its tier change and tier shields) the subscription's.
    inTransaction: [(tx, event) => streaks.onPaymentSucceeded(tx, event), (tx, event) => subscriptions.onPaymentSucceeded(tx, event)],
    // After-commit work goes here as jobs keyed by the payment, e.g. a receipt e-mail:
    // (e) => ({ kind: 'mail.send', key: `receipt:${e.providerId}`, payload: receiptEmail(e) }).
    jobs: [],
  },
};

/** Every API module, registered under /api. Add one line per module. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(userRoutes, { prefix: '/user' });
  await app.register(import('./modules/account/routes'), { prefix: '/user' });
  await app.register(import('./modules/support/routes'));
  await app.register(checkInRoutes);
  await app.register(tipsRoutes);
  await app.register(import('./modules/insights/routes'), { prefix: '/insights' });
  await app.register(import('./modules/streaks/routes'));
  await app.register(import('./modules/subscriptions/routes'));
  await app.register(import('./modules/dashboard/routes'));
  await app.register(import('./modules/rewards/routes'));
  await app.register(import('./modules/coupons/routes'));
  await app.register(import('./modules/payments/routes'));
  await app.register(import('./modules/dev-tools/routes'));
  await app.register(import('./modules/feedback/routes'));
  await app.register(import('./modules/admin-feedback/routes'));
  await app.register(import('./modules/ai-coach/routes'), { prefix: '/ai-coach' });
  await app.register(import('./modules/admin/routes'));
  await app.register(import('./modules/notifications/routes'), { prefix: '/notifications' });
}
