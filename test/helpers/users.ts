import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '@server/db/client';
import { sessions, users } from '@server/db/schema/index';
import { hashToken, SESSION_COOKIE, SESSION_TTL_MS, type UserRow } from '@server/plugins/session';

export type NewUserRow = typeof users.$inferInsert;

/** Inserts a user row directly (no password unless given). */
export async function createUser(db: Db, overrides: Partial<NewUserRow> = {}): Promise<UserRow> {
  const suffix = randomBytes(6).toString('hex');
  const rows = await db
    .insert(users)
    .values({ email: `user-${suffix}@example.com`, firstName: 'Test', emailVerifiedAt: new Date(), ...overrides })
    .returning();
  return rows[0]!;
}

/** Creates a session for the user and returns the Cookie header value (`big7_sid=<token>`). */
export async function signInAs(app: FastifyInstance, user: Pick<UserRow, 'id'>): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = app.clock.now();
  await app.db
    .insert(sessions)
    .values({ id: hashToken(token), userId: user.id, createdAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) });
  return `${SESSION_COOKIE}=${token}`;
}

/**
 * A user created long ago (so no orientation window) and a `call` that signs in afresh each time, at the
 * app's current (test) time: tests that jump weeks ahead outlive a 7-day session.
 */
export async function newUserWithCalls(app: FastifyInstance, overrides: Partial<NewUserRow> = {}) {
  const user = await createUser(app.db, { timezone: 'UTC', createdAt: new Date('2025-01-01T00:00:00Z'), ...overrides });
  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const cookie = await signInAs(app, user);
    const res = await app.inject({ method, url, headers: { cookie }, ...(payload !== undefined ? { payload: payload as object } : {}) });
    return { status: res.statusCode, body: res.json() };
  };
  return { user, call };
}
