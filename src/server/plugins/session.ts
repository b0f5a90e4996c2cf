import { createHash, randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema/index';
import { forbidden, unauthorized } from '../errors';
import { batchedRead } from '../db/batch';
import { epochMs, fixedRows, fixedStatement, tableColumns } from '../db/rows';
import { VERIFY_FIRST_MESSAGES, type VerifyFirstReason } from '@shared/schemas/verify-first';

export const SESSION_COOKIE = 'big7_sid';
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** A session is extended (and its cookie re-sent) once less than this is left. */
const SESSION_RENEW_BELOW_MS = 6 * 24 * 60 * 60 * 1000;
/** Longer cookie values are not ours (a token is 43 characters) and are not looked up. */
export const MAX_TOKEN_LENGTH = 200;

import { SessionCache, type UserRow } from './session-cache';
import type { ChangeFeed } from '../db/change-feed';

export { SESSION_CACHE_TTL_MS, SessionCache, type UserRow, type UserValueCache } from './session-cache';

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
 * statement (`= ANY($1)`, db/batch.ts) from fixed text (fixedStatement: no query builder; the user's columns and
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
