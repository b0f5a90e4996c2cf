import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSettings } from '../../db/schema/index';

/** The app_settings key of the generated secret used when HASH_SECRET is not configured. */
export const OFFER_HASH_SECRET_KEY = 'offer_hash_secret';

/** How an address is compared: trimmed and lower-cased (users.email is stored that way too). */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

const secrets = new WeakMap<object, Promise<string>>();

/**
 * The HMAC key: HASH_SECRET, else a random secret generated once and stored in the database (the first instance
 * to start writes it; every other one reads the same row).
 */
async function loadSecret(db: Db): Promise<string> {
  await db
    .insert(appSettings)
    .values({ key: OFFER_HASH_SECRET_KEY, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, OFFER_HASH_SECRET_KEY));
  if (!row) throw new Error('The offer-hash secret could not be stored');
  return row.value;
}

function secretFor(app: FastifyInstance): Promise<string> {
  if (app.config.hashSecret) return Promise.resolve(app.config.hashSecret);
  let secret = secrets.get(app.db);
  if (!secret) {
    secret = loadSecret(app.db);
    secrets.set(app.db, secret);
    secret.catch(() => secrets.delete(app.db));
  }
  return secret;
}

/**
 * HMAC-SHA256 (hex) of the normalised address: what redeemed_offers keeps instead of the address. Without the
 * secret the hash cannot be turned back into an address by trying a list of addresses.
 */
export async function offerEmailHash(app: FastifyInstance, email: string): Promise<string> {
  return createHmac('sha256', await secretFor(app)).update(normaliseEmail(email)).digest('hex');
}
