import { createHmac, randomBytes } from 'node:crypto';
import type { ServiceContext } from '@server/context';
import { eq } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { appSettings } from '@server/db/schema/index';

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

function secretFor(ctx: ServiceContext): Promise<string> {
  if (ctx.config.hashSecret) return Promise.resolve(ctx.config.hashSecret);
  let secret = secrets.get(ctx.db);
  if (!secret) {
    secret = loadSecret(ctx.db);
    secrets.set(ctx.db, secret);
    secret.catch(() => secrets.delete(ctx.db));
  }
  return secret;
}

/**
 * HMAC-SHA256 (hex) of the normalised address: what redeemed_offers keeps instead of the address. Without the
 * secret the hash cannot be turned back into an address by trying a list of addresses.
 */
export async function offerEmailHash(ctx: ServiceContext, email: string): Promise<string> {
  return createHmac('sha256', await secretFor(ctx)).update(normaliseEmail(email)).digest('hex');
}
