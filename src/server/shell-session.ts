import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessions } from './db/schema/index';
import { hashToken, MAX_TOKEN_LENGTH, SESSION_COOKIE } from './plugins/session';

/**
 * Whether a page request carries a live session, for the page shell only (web-shell.ts: the shell preloads
 * GET /api/dashboard for a signed-in person; for a visitor that preload would answer 401 and the browser would
 * log it as a console error). Read-only: the session hook (plugins/session.ts, /api only) stays the one that
 * renews or clears the cookie. A cached session answers without a statement; otherwise one indexed read of the
 * sessions table by primary key. A session that ends between this check and the preload only costs a 401 that
 * the client reads as a visitor's (its dashboard read asks with on401 'null').
 */
export async function hasLiveSession(app: FastifyInstance, request: FastifyRequest): Promise<boolean> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token || token.length > MAX_TOKEN_LENGTH) return false;
  const id = hashToken(token);
  const now = app.clock.now();
  if (app.sessionCache.get(id, now)) return true;
  const rows = await app.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)))
    .limit(1);
  return rows.length > 0;
}
