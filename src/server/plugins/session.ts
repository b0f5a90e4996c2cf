import { createHash, randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema/index';
import { forbidden, unauthorized } from '../errors';
import { batchedRead, epochMs, fixedRows, fixedStatement, tableColumns } from '../db/rows';
import { VERIFY_FIRST_MESSAGES, type VerifyFirstReason } from '@shared/schemas/verify-first';
import type { ChangeFeed } from '../db/change-feed';
import type { AppConfig } from '../config';
import type { PublicUser } from '@shared/schemas/auth';

export const SESSION_COOKIE = 'big7_sid';
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** A session is extended (and its cookie re-sent) once less than this is left. */
const SESSION_RENEW_BELOW_MS = 6 * 24 * 60 * 60 * 1000;
/** Longer cookie values are not ours (a token is 43 characters) and are not looked up. */
export const MAX_TOKEN_LENGTH = 200;

/** The signed-in user's row, as the session lookup reads it. */
export type UserRow = typeof users.$inferSelect;

/**
 * Without a change feed (see below) entries live this long (real time): another instance's change (a logout, a tier
 * changed by a job or a webhook) is seen within it.
 */
export const SESSION_CACHE_TTL_MS = 2_000;
/**
 * With a change feed that is up, every committed change to a user's rows drops that user's entries on every instance
 * (db/change-feed.ts, drizzle/0016): entries then live this long, a safety net rather than the means of freshness.
 */
export const FED_CACHE_TTL_MS = 60_000;
/** A read slower than this is not cached (its ticket's invalidations may have been pruned). */
const MAX_READ_MS = 30_000;
const MAX_ENTRIES = 50_000;

interface SessionEntry {
  userId: string;
  expiresAt: Date;
  cachedAt: number;
}
interface UserEntry {
  user: UserRow;
  cachedAt: number;
  sessions: Set<string>;
}

/** Taken before a database read whose answer may be cached: see `SessionCache.begin`. */
export interface ReadTicket {
  readonly startedAt: number;
}

/**
 * Per-process cache of what every signed-in request reads first: session → user. It also decides when anything
 * cached per user goes stale, for itself and for the per-user caches attached to it (`attach`: user-state keeps the
 * user's state there, decision 031), which it drops with the user.
 *
 * Freshness: any state-changing request in this process drops its user's entries before its answer leaves
 * (the onSend hook below); logout drops its session. With a change feed (`feedState(true)`), each committed change to
 * a user's rows — by any instance, job or webhook — drops that user's entries when its notification arrives, and a
 * read that was in flight when it arrived is not cached (`begin` / the ticket), so an answer read before the change
 * cannot be cached after it. While the feed is down nothing is cached. Without a feed, entries live
 * SESSION_CACHE_TTL_MS and attached caches keep nothing.
 */
export class SessionCache {
  private readonly sessions = new Map<string, SessionEntry>();
  private readonly users = new Map<string, UserEntry>();
  /** When each user was last invalidated (performance.now()), kept MAX_READ_MS for the tickets in flight. */
  private readonly invalidated = new Map<string, number>();
  private clearedAt = -Infinity;
  private fed: 'none' | 'up' | 'down' = 'none';
  private readonly attached: UserValueCache<unknown>[] = [];

  constructor(private readonly baseTtlMs: number = SESSION_CACHE_TTL_MS) {}

  /** Reported by the change feed: up (notifications flow) or down (they may be missed). */
  feedState(up: boolean): void {
    this.fed = up ? 'up' : 'down';
    this.clear();
  }

  /** Whether a change made elsewhere reaches this cache (attached caches keep values only then). */
  get live(): boolean {
    return this.fed === 'up' && this.baseTtlMs > 0;
  }

  private get ttlMs(): number {
    if (this.fed === 'down') return 0;
    if (this.fed === 'up' && this.baseTtlMs > 0) return FED_CACHE_TTL_MS;
    return this.baseTtlMs;
  }

  private fresh(cachedAt: number): boolean {
    return performance.now() - cachedAt < this.ttlMs;
  }

  /** Call before a read whose answer you mean to cache; pass the ticket to the setter. */
  begin(): ReadTicket {
    return { startedAt: performance.now() };
  }

  private stale(ticket: ReadTicket, userId: string): boolean {
    const at = this.invalidated.get(userId);
    return (
      this.ttlMs <= 0 ||
      ticket.startedAt <= this.clearedAt ||
      (at !== undefined && at >= ticket.startedAt) ||
      performance.now() - ticket.startedAt > MAX_READ_MS
    );
  }

  /** The cached session, while fresh and not expired (app time). */
  get(id: string, now: Date): { user: UserRow; expiresAt: Date } | undefined {
    const s = this.sessions.get(id);
    if (!s) return undefined;
    if (!this.fresh(s.cachedAt) || s.expiresAt <= now) {
      this.sessions.delete(id);
      return undefined;
    }
    const u = this.users.get(s.userId);
    if (!u || !this.fresh(u.cachedAt)) return undefined;
    return { user: u.user, expiresAt: s.expiresAt };
  }

  set(ticket: ReadTicket, id: string, user: UserRow, expiresAt: Date): void {
    if (this.stale(ticket, user.id)) return;
    const now = performance.now();
    bounded(this.sessions);
    this.sessions.set(id, { userId: user.id, expiresAt, cachedAt: now });
    const u = this.users.get(user.id);
    if (u && this.fresh(u.cachedAt)) {
      u.user = user;
      u.sessions.add(id);
    } else {
      bounded(this.users);
      this.users.set(user.id, { user, cachedAt: now, sessions: new Set([id]) });
    }
  }

  extend(id: string, expiresAt: Date): void {
    const e = this.sessions.get(id);
    if (e) e.expiresAt = expiresAt;
  }

  /**
   * A per-user cache whose values this cache keeps fresh: one value per user for one key (e.g. their local date),
   * kept only while a change feed is up and while the user's own entry is (made by the session lookup of the same
   * request), dropped with the user (forgetUser, a notification) and never set from a read that a change overtook
   * (the ticket).
   */
  attach<V>(): UserValueCache<V> {
    const c = new UserValueCache<V>({
      live: () => this.live,
      fresh: (at) => this.fresh(at),
      stale: (t, id) => this.stale(t, id),
      cached: (id) => {
        const u = this.users.get(id);
        return !!u && this.fresh(u.cachedAt);
      },
    });
    this.attached.push(c as UserValueCache<unknown>);
    return c;
  }

  forgetSession(id: string): void {
    const s = this.sessions.get(id);
    this.sessions.delete(id);
    if (s) this.users.get(s.userId)?.sessions.delete(id);
  }

  /** Drops everything cached for this user (and makes reads in flight for them uncacheable). */
  forgetUser(userId: string): void {
    const now = performance.now();
    this.invalidated.set(userId, now);
    if (this.invalidated.size > MAX_ENTRIES) {
      for (const [id, at] of this.invalidated) if (now - at > MAX_READ_MS) this.invalidated.delete(id);
    }
    for (const c of this.attached) c.drop(userId);
    const u = this.users.get(userId);
    if (!u) return;
    for (const id of u.sessions) this.sessions.delete(id);
    this.users.delete(userId);
  }

  clear(): void {
    this.clearedAt = performance.now();
    this.sessions.clear();
    this.users.clear();
    this.invalidated.clear();
    for (const c of this.attached) c.dropAll();
  }
}

/** See `SessionCache.attach`. */
export class UserValueCache<V> {
  private readonly entries = new Map<string, { key: string; value: V; cachedAt: number }>();

  constructor(
    private readonly rules: {
      live(): boolean;
      fresh(cachedAt: number): boolean;
      stale(ticket: ReadTicket, userId: string): boolean;
      /** Whether the user's own entry is cached (values live with it). */
      cached(userId: string): boolean;
    },
  ) {}

  /** The user's value for `key`, when live and fresh. */
  get(userId: string, key: string): V | undefined {
    if (!this.rules.live()) return undefined;
    const e = this.entries.get(userId);
    if (!e || e.key !== key || !this.rules.fresh(e.cachedAt)) return undefined;
    return e.value;
  }

  /** Keeps the value read under `ticket` (taken before the read), unless a change overtook it. */
  set(ticket: ReadTicket, userId: string, key: string, value: V): void {
    if (!this.rules.live() || this.rules.stale(ticket, userId) || !this.rules.cached(userId)) return;
    bounded(this.entries);
    this.entries.set(userId, { key, value, cachedAt: performance.now() });
  }

  drop(userId: string): void {
    this.entries.delete(userId);
  }

  dropAll(): void {
    this.entries.clear();
  }
}

/** Keeps a map under MAX_ENTRIES by dropping its oldest entry (a Map iterates in insertion order). */
function bounded(map: Map<string, unknown>): void {
  if (map.size < MAX_ENTRIES) return;
  const oldest = map.keys().next();
  if (!oldest.done) map.delete(oldest.value);
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionCache: SessionCache;
  }
  interface FastifyRequest {
    /** The signed-in user, set by the session hook; null for visitors. */
    user: UserRow | null;
    sessionId: string | null;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The per-request session lookup (on a cache miss): the sessions of concurrent requests in ONE named prepared
 * statement (`= ANY($1)`, batchedRead) from fixed text (fixedStatement: no query builder; the user's columns and
 * their mapper generated from the table's definition), parsed and planned once per pooled PostgreSQL
 * connection. Each caller keeps only its own row, and only while unexpired at its own `now` (app time).
 */
const USER = tableColumns(users, 'u');
const SESSION_LOOKUP = fixedStatement(
  'session_user_many',
  `SELECT s.id AS session_id, ${epochMs('s.expires_at')} AS expires_ms, ${USER.list}
  FROM sessions AS s JOIN users AS u ON u.id = s.user_id
  WHERE s.id = ANY($1::text[])`,
);
type SessionRow = { expiresAt: Date; user: UserRow };
const sessionReads = batchedRead(async (db: Db, ids: readonly string[]): Promise<readonly (SessionRow | undefined)[]> => {
  const rows = await fixedRows<{ session_id: string; expires_ms: number }>(db, SESSION_LOOKUP, [[...new Set(ids)]]);
  const byId = new Map(rows.map((r) => [r.session_id, { expiresAt: new Date(r.expires_ms), user: USER.row(r) }]));
  return ids.map((id) => byId.get(id));
});
async function lookUpSession(db: Db, id: string, now: Date): Promise<SessionRow | undefined> {
  const found = await sessionReads.load(db, id);
  return found && found.expiresAt > now ? found : undefined;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function cookieOptions(secure: boolean, expires: Date) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure, expires };
}

/**
 * Starts a session for the user and sets the cookie. A session this browser already held (the cookie the
 * request carries) is revoked in the same transaction: the new cookie replaces it here, and a copy of the old
 * token taken elsewhere must not keep working.
 */
export async function startSession(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void> {
  const app = request.server;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(app.clock.now().getTime() + SESSION_TTL_MS);
  const previous = request.cookies[SESSION_COOKIE];
  await app.db.transaction(async (tx) => {
    if (previous && previous.length <= MAX_TOKEN_LENGTH) {
      // Forgotten by this process's cache too: a sign-in through a GET (the Google callback) clears nothing else.
      app.sessionCache.forgetSession(hashToken(previous));
      await tx.delete(sessions).where(eq(sessions.id, hashToken(previous)));
    }
    await tx.insert(sessions).values({ id: hashToken(token), userId, createdAt: app.clock.now(), expiresAt });
  });
  reply.setCookie(SESSION_COOKIE, token, cookieOptions(app.config.secureCookies, expiresAt));
}

/** Revokes the current session (if any) and clears the cookie. */
export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.sessionId) {
    request.server.sessionCache.forgetSession(request.sessionId);
    await request.server.db.delete(sessions).where(eq(sessions.id, request.sessionId));
  }
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** Route guard: 401 unless signed in. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized('Unauthorized');
}

/**
 * Route guard for what waits for a verified address (docs/decisions/037): 401 unless signed in, then 403 with the
 * reason's sentence and `requiresVerification: true` until the e-mail is verified.
 */
export function requireVerifiedEmail(reason: VerifyFirstReason) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.user) throw unauthorized('Unauthorized');
    if (!request.user.emailVerifiedAt) throw forbidden(VERIFY_FIRST_MESSAGES[reason], { requiresVerification: true });
  };
}

/** Route guard: 403 unless the user's e-mail is in ADMIN_EMAILS. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized('Unauthorized');
  if (!request.server.config.adminEmails.includes(request.user.email)) throw forbidden('Admin access required');
}

/** The user as the client may see it: public profile fields only, never a hash or a token. */
export function toPublicUser(row: UserRow, config: Pick<AppConfig, 'adminEmails' | 'devTools'>): PublicUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    age: row.age,
    gender: row.gender,
    provider: row.provider,
    tier: row.tier,
    timezone: row.timezone,
    checkInTime: row.checkInTime,
    emailVerified: row.emailVerifiedAt !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    firstCheckInCompleted: row.firstCheckInCompleted,
    premiumOfferUsed: row.premiumOfferUsed,
    isAdmin: config.adminEmails.includes(row.email.toLowerCase()),
    devTools: config.devTools,
  };
}

/** The signed-in user, for handlers behind requireUser. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized('Unauthorized');
  return request.user;
}

export default fp<{ cacheTtlMs?: number; changes?: ChangeFeed | undefined }>(
  async (app, opts) => {
    const cache = new SessionCache(opts.cacheTtlMs);
    app.decorate('sessionCache', cache);
    if (opts.changes) {
      // Committed changes by any instance, job or webhook drop that user's cached rows here (decision 031).
      const stop = await opts.changes.subscribe({ onUser: (id) => cache.forgetUser(id), onState: (up) => cache.feedState(up) });
      app.addHook('onClose', async () => stop());
    }
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);
    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/api/')) return;
      const token = request.cookies[SESSION_COOKIE];
      if (!token || token.length > MAX_TOKEN_LENGTH) return;
      const id = hashToken(token);
      const now = app.clock.now();
      const cached = app.sessionCache.get(id, now);
      let row: { session: { expiresAt: Date }; user: UserRow } | undefined;
      if (cached) {
        row = { session: { expiresAt: cached.expiresAt }, user: cached.user };
      } else {
        const ticket = app.sessionCache.begin();
        const found = await lookUpSession(app.db, id, now);
        if (found) {
          row = { session: { expiresAt: found.expiresAt }, user: found.user };
          app.sessionCache.set(ticket, id, found.user, found.expiresAt);
        }
      }
      if (!row) {
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        return;
      }
      request.user = row.user;
      request.sessionId = id;
      if (row.session.expiresAt.getTime() - now.getTime() < SESSION_RENEW_BELOW_MS) {
        const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
        await app.db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
        app.sessionCache.extend(id, expiresAt);
        reply.setCookie(SESSION_COOKIE, token, cookieOptions(app.config.secureCookies, expiresAt));
      }
    });
    // A state-changing request may have changed its user (tier, timezone, first check-in, password) or ended
    // sessions: the cache forgets them, before the answer leaves. A signed-out one (a sign-in, a webhook) changed
    // users it does not name: while the change feed is up, their notifications drop exactly them (flush: those of
    // its commits have arrived before the answer leaves); without a feed, everything cached goes.
    app.addHook('onSend', async (request, _reply, payload) => {
      if (READ_METHODS.has(request.method) || !request.url.startsWith('/api/')) return payload;
      if (request.user) app.sessionCache.forgetUser(request.user.id);
      else if (opts.changes && app.sessionCache.live) await opts.changes.flush();
      else app.sessionCache.clear();
      return payload;
    });
  },
  { name: 'session', dependencies: ['@fastify/cookie'] },
);
