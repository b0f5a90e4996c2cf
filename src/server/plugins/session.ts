import { createHash, randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessions, users } from '../db/schema/index';
import { forbidden, unauthorized } from '../errors';

export const SESSION_COOKIE = 'big7_sid';
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** A session is extended (and its cookie re-sent) once less than this is left. */
const SESSION_RENEW_BELOW_MS = 6 * 24 * 60 * 60 * 1000;
/** Longer cookie values are not ours (a token is 43 characters) and are not looked up. */
const MAX_TOKEN_LENGTH = 200;

export type UserRow = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by the session hook; null for visitors. */
    user: UserRow | null;
    sessionId: string | null;
  }
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
    if (previous && previous.length <= MAX_TOKEN_LENGTH) await tx.delete(sessions).where(eq(sessions.id, hashToken(previous)));
    await tx.insert(sessions).values({ id: hashToken(token), userId, createdAt: app.clock.now(), expiresAt });
  });
  reply.setCookie(SESSION_COOKIE, token, cookieOptions(app.config.secureCookies, expiresAt));
}

/** Revokes the current session (if any) and clears the cookie. */
export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.sessionId) {
    await request.server.db.delete(sessions).where(eq(sessions.id, request.sessionId));
  }
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** Route guard: 401 unless signed in. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized('Unauthorized');
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

export default fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);
    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/api/')) return;
      const token = request.cookies[SESSION_COOKIE];
      if (!token || token.length > MAX_TOKEN_LENGTH) return;
      const id = hashToken(token);
      const now = app.clock.now();
      const rows = await app.db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)))
        .limit(1);
      const row = rows[0];
      if (!row) {
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        return;
      }
      request.user = row.user;
      request.sessionId = id;
      if (row.session.expiresAt.getTime() - now.getTime() < SESSION_RENEW_BELOW_MS) {
        const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
        await app.db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
        reply.setCookie(SESSION_COOKIE, token, cookieOptions(app.config.secureCookies, expiresAt));
      }
    });
  },
  { name: 'session', dependencies: ['@fastify/cookie'] },
);
