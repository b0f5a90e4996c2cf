import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Db } from '@server/db/client';
import { rowsOf } from '@server/db/rows';
import { createUser, signInAs } from '@test/helpers/users';

/** How many admin addresses the test config lists (one admin user per cell). */
export const ADMIN_COUNT = 400;
export const adminEmail = (n: number) => `admin-${n}@matrix.test`;
export const ADMIN_EMAILS = Array.from({ length: ADMIN_COUNT }, (_, n) => adminEmail(n)).join(',');

/** A different client address for each request, so the per-address sign-in limit never answers for a cell. */
let nextAddress = 0;
export const freshAddress = () => {
  const n = nextAddress++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

export type Caller = 'out' | 'free' | 'premium' | 'ai-coach' | 'admin';

/** A new user of that kind and its session cookie (none for 'out'). */
let admins = 0;
export async function newCaller(app: FastifyInstance, kind: Caller): Promise<{ cookie?: string; userId?: string }> {
  if (kind === 'out') return {};
  const email = kind === 'admin' ? adminEmail(admins++ % ADMIN_COUNT) : undefined;
  // The same admin address may come round again (more cells than addresses): its previous holder goes first.
  if (email) await app.db.execute(sql`DELETE FROM users WHERE email = ${email}`);
  const user = await createUser(app.db, {
    timezone: 'UTC',
    createdAt: new Date('2025-01-01T00:00:00Z'),
    tier: kind === 'admin' ? 'free' : kind,
    ...(email ? { email } : {}),
  });
  return { cookie: await signInAs(app, user), userId: user.id };
}

/** The other user: an AI Coach user with a check-in and journal, a conversation, a feedback message and a checkout. */
export interface Owner {
  id: string;
  email: string;
  /** Text only the owner wrote: no other user's response may contain it. */
  secret: string;
  ids: Record<'$checkIn' | '$conversation' | '$feedback' | '$checkout', string>;
}

export async function makeOwner(app: FastifyInstance, email?: string): Promise<Owner & { cookie: string }> {
  const secret = `owner-secret-${randomBytes(6).toString('hex')}`;
  const user = await createUser(app.db, {
    timezone: 'UTC',
    tier: 'ai-coach',
    firstName: secret,
    email: email ?? `${secret}@matrix.test`,
    createdAt: new Date('2025-01-01T00:00:00Z'),
  });
  const cookie = await signInAs(app, user);
  const call = async (method: 'POST', url: string, payload: object) => {
    const res = await app.inject({ method, url, headers: { cookie }, payload, remoteAddress: freshAddress() });
    if (res.statusCode >= 300) throw new Error(`owner setup ${url}: ${res.statusCode} ${res.body}`);
    return res.json() as Record<string, unknown>;
  };
  const checkIn = await call('POST', '/api/checkins', {
    answers: [3, 2, 4, 1, 0, 2, 3],
    journalEntries: [secret, null, null, null, null, null, null],
  });
  const ask = await call('POST', '/api/ai-coach/ask', { question: `What about ${secret}?` });
  const fb = await call('POST', '/api/feedback', { message: `Feedback ${secret}` });
  const checkout = await call('POST', '/api/stripe/create-checkout-session', { productType: 'freeze_day' });
  const checkInId = (checkIn.checkIn as { id: string } | undefined)?.id ?? (checkIn.id as string);
  return {
    cookie,
    id: user.id,
    email: user.email,
    secret,
    ids: {
      $checkIn: checkInId,
      $conversation: ask.conversationId as string,
      $feedback: fb.id as string,
      $checkout: checkout.sessionId as string,
    },
  };
}

/** Ids that exist nowhere (the role columns use them). */
export const MISSING_IDS: Owner['ids'] = {
  $checkIn: '00000000-0000-4000-8000-000000000001',
  $conversation: '00000000-0000-4000-8000-000000000002',
  $feedback: '00000000-0000-4000-8000-000000000003',
  $checkout: 'cs_test_matrix_missing',
};

/** Replaces the id placeholders (and $newEmail) in a request part. */
export function fill<T>(value: T, ids: Owner['ids']): T {
  return JSON.parse(
    JSON.stringify(value ?? null).replace(/"\$(checkIn|conversation|feedback|checkout|newEmail)"/g, (_m, k: string) =>
      JSON.stringify(k === 'newEmail' ? `new-${randomBytes(6).toString('hex')}@matrix.test` : ids[`$${k}` as keyof Owner['ids']]),
    ),
  ) as T;
}

/** The inject options of one call of a route (`METHOD /path/:param`) with the request data filled in. */
export function requestOf(
  route: string,
  req: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown } | undefined,
  ids: Owner['ids'],
  cookie: string | undefined,
): InjectOptions {
  const [method, path] = route.split(' ') as [string, string];
  const params = fill(req?.params ?? {}, ids);
  const url = path.replace(/:([A-Za-z]+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? MISSING_IDS.$checkIn));
  const query = fill(req?.query, ids);
  return {
    method: method as 'GET',
    url,
    ...(query ? { query } : {}),
    headers: cookie ? { cookie } : {},
    ...(req?.body !== undefined ? { payload: fill(req.body as object, ids) } : {}),
    remoteAddress: freshAddress(),
  };
}

/** A digest of every row that belongs to the user (each table with a user_id column, and the user's own row). */
export async function userDigest(db: Db, userId: string): Promise<Record<string, string>> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`SELECT c.table_name AS name FROM information_schema.columns c JOIN information_schema.tables t
          ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE c.table_schema = 'public' AND c.column_name = 'user_id' AND t.table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of [...tables, { name: 'users' }]) {
    const col = name === 'users' ? 'id' : 'user_id';
    const [r] = await rowsOf<{ n: number; h: string | null }>(
      db,
      sql`SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, E'\n' ORDER BY t::text), '')) AS h
          FROM ${sql.identifier(name)} t WHERE ${sql.identifier(col)} = ${userId}`,
    );
    out[name] = `${r!.n}:${r!.h}`;
  }
  return out;
}
