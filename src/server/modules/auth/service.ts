import { randomBytes } from 'node:crypto';
import { inTx, type DataContext, type ServiceContext } from '@server/context';
import { AppError, badRequest, conflict, forbidden, notFound, tooManyRequests } from '@server/errors';
import type { MailMessage } from '@server/plugins/mail';
import { passwordResetEmail, verificationEmail } from './emails';
import { hashPassword, verifyPassword } from './passwords';
import * as repo from './repo';
import { EMAIL_LINK_TOKEN, hashToken, newEmailToken } from './tokens';

export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const SIGNIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const SIGNIN_FAILURE_LIMIT = 10;
/** An expired link keeps answering "expired, request a new one" (not "invalid") for this long; then it is deleted. */
export const EXPIRED_EMAIL_TOKEN_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** Sign-in failures count for SIGNIN_FAILURE_WINDOW_MS; they are deleted once this much older (a wide safety margin). */
export const SIGNIN_FAILURE_RETENTION_MS = 24 * 60 * 60 * 1000;

export const AUTH_API_MESSAGES = {
  signedUp: 'Account created. We sent a verification link to your email.',
  emailTaken: 'This email is already registered. Please sign in instead.',
  signedIn: 'Signed in successfully',
  verifyFirst: 'Please verify your email address before signing in.',
  noUser: 'No user found with this email. Please register first.',
  wrongPassword: 'Wrong password. Please try again.',
  googleOnly: 'This account uses Google sign-in. Please use Login with Google.',
  tooManySignins: 'Too Many Requests: too many failed sign-in attempts for this email. Please wait and try again.',
  resent: 'If an unverified account exists for this email, a new verification link has been sent.',
  verified: 'Your email has been verified. You can now sign in.',
  verifyExpired: 'This verification link has expired. Request a new one.',
  verifyInvalid: 'This verification link is invalid or has already been used.',
  resetSent: 'If an account exists for this email, a password reset link has been sent.',
  resetDone: 'Your password has been reset. You can now sign in.',
  resetExpired: 'This password reset link has expired. Request a new one.',
  resetInvalid: 'This password reset link is invalid or has already been used.',
  loggedOut: 'Logged out',
} as const;

type UserRow = repo.UserRow;

/** Auth e-mails (verification and reset together) per address per hour; more are silently not sent. */
export const AUTH_EMAILS_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;

/**
 * Issues an e-mailed token inside the caller's transaction (`tx` from inTx): the token row and its `mail.send` job
 * are written together, so the e-mail goes out (with retries, after the answer) if and only if the token exists.
 * At most AUTH_EMAILS_PER_HOUR per address: counted from the stored tokens under a lock on the user row, so
 * concurrent requests and several instances agree. Over the cap nothing is written or sent, and the caller answers
 * exactly as it would otherwise.
 */
async function issueEmailToken(
  tx: ServiceContext,
  user: UserRow,
  purpose: repo.EmailTokenPurpose,
  ttlMs: number,
  message: (link: string) => MailMessage,
): Promise<void> {
  const now = tx.now();
  // The row now, the token later: the mail.send job makes it as it sends and stores only its hash (issue 31).
  const id = randomBytes(16).toString('hex');
  const path = purpose === 'verify-email' ? '/verify-email' : '/reset-password';
  await repo.lockUser(tx.db, user.id);
  if ((await repo.countEmailTokensSince(tx.db, user.id, new Date(now.getTime() - HOUR_MS))) >= AUTH_EMAILS_PER_HOUR) {
    tx.log.warn({ userId: user.id, purpose }, 'auth e-mail not sent: hourly cap for this address reached');
    return;
  }
  await repo.invalidateEmailTokens(tx.db, user.id, purpose, now);
  await repo.insertEmailToken(tx.db, { id, userId: user.id, purpose, createdAt: now, expiresAt: new Date(now.getTime() + ttlMs) });
  const payload = { ...message(`${tx.config.appUrl}${path}?token=${EMAIL_LINK_TOKEN}`), emailLink: { tokenId: id } };
  await tx.jobs.enqueue(tx.db, { kind: 'mail.send', key: `${purpose}:${id}`, payload });
}

/** The verification e-mail, inside the caller's transaction. */
const sendVerification = (tx: ServiceContext, user: UserRow): Promise<void> =>
  issueEmailToken(tx, user, 'verify-email', VERIFY_TOKEN_TTL_MS, (link) => verificationEmail(user.email, user.firstName, link));

/** Creates the account and queues its verification e-mail; the route signs the new user in (docs/decisions/037). */
export async function signUp(
  ctx: ServiceContext,
  input: { firstName: string; email: string; password: string; timezone?: string | undefined },
): Promise<UserRow> {
  if (await repo.findUserByEmail(ctx.db, input.email)) throw conflict(AUTH_API_MESSAGES.emailTaken);
  const passwordHash = await hashPassword(input.password);
  // One transaction: the user, the verification token and its e-mail job commit together or not at all, so the
  // e-mail exists if and only if the account does (and a failure leaves the address free to sign up again).
  let user: UserRow;
  try {
    user = await inTx(ctx, async (tx) => {
      const now = tx.now();
      const created = await repo.insertUser(tx.db, {
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        provider: 'email',
        timezone: input.timezone ?? 'UTC',
        createdAt: now,
        updatedAt: now,
      });
      await sendVerification(tx, created);
      return created;
    });
  } catch (err) {
    if (repo.isUniqueViolation(err)) throw conflict(AUTH_API_MESSAGES.emailTaken);
    throw err;
  }
  return user;
}

/** Checks the credentials; returns the user to start a session for, or throws the contract's error. */
export async function signIn(ctx: ServiceContext, input: { email: string; password: string }): Promise<UserRow> {
  const now = ctx.now();
  const windowStart = new Date(now.getTime() - SIGNIN_FAILURE_WINDOW_MS);
  // The attempt is recorded before it is counted (kept as a failure unless it turns out not to be one), so a
  // burst of concurrent attempts cannot all pass a count taken before any of them was recorded.
  const attempt = await repo.recordSigninFailure(ctx.db, input.email, now, windowStart);
  const notAFailure = async (error: AppError): Promise<never> => {
    await repo.deleteSigninFailure(ctx.db, attempt);
    throw error;
  };
  const failures = await repo.recentSigninFailures(ctx.db, input.email, windowStart);
  if (failures.count > SIGNIN_FAILURE_LIMIT && failures.oldest) {
    const retryAfterMs = failures.oldest.getTime() + SIGNIN_FAILURE_WINDOW_MS - now.getTime();
    return notAFailure(tooManyRequests(retryAfterMs / 1000, AUTH_API_MESSAGES.tooManySignins));
  }
  const user = await repo.findUserByEmail(ctx.db, input.email);
  if (!user) throw notFound(AUTH_API_MESSAGES.noUser);
  if (!user.passwordHash) return notAFailure(badRequest(AUTH_API_MESSAGES.googleOnly));
  if (!(await verifyPassword(user.passwordHash, input.password))) throw new AppError(401, AUTH_API_MESSAGES.wrongPassword);
  if (!user.emailVerifiedAt) return notAFailure(forbidden(AUTH_API_MESSAGES.verifyFirst, { requiresVerification: true }));
  await repo.clearSigninFailures(ctx.db, input.email);
  return user;
}

export async function resendVerification(ctx: ServiceContext, email: string): Promise<{ message: string }> {
  const user = await repo.findUserByEmail(ctx.db, email);
  if (user && !user.emailVerifiedAt) await inTx(ctx, (tx) => sendVerification(tx, user));
  return { message: AUTH_API_MESSAGES.resent };
}

export async function verifyEmail(ctx: ServiceContext, token: string): Promise<{ message: string; email: string }> {
  const now = ctx.now();
  const row = await repo.findEmailToken(ctx.db, hashToken(token), 'verify-email');
  if (!row || row.usedAt) throw badRequest(AUTH_API_MESSAGES.verifyInvalid);
  if (row.expiresAt.getTime() <= now.getTime()) throw badRequest(AUTH_API_MESSAGES.verifyExpired);
  const user = await inTx(ctx, async ({ db: tx }) => {
    if (!(await repo.consumeEmailToken(tx, row.id, now))) return null;
    const current = await repo.findUserById(tx, row.userId);
    if (!current) return null;
    if (current.emailVerifiedAt) return current;
    return (await repo.updateUser(tx, current.id, { emailVerifiedAt: now, updatedAt: now })) ?? null;
  });
  if (!user) throw badRequest(AUTH_API_MESSAGES.verifyInvalid);
  return { message: AUTH_API_MESSAGES.verified, email: user.email };
}

export async function forgotPassword(ctx: ServiceContext, email: string): Promise<{ message: string }> {
  const user = await repo.findUserByEmail(ctx.db, email);
  if (user) {
    await inTx(ctx, (tx) =>
      issueEmailToken(tx, user, 'reset-password', RESET_TOKEN_TTL_MS, (link) => passwordResetEmail(user.email, user.firstName, link)),
    );
  }
  return { message: AUTH_API_MESSAGES.resetSent };
}

export async function resetPassword(ctx: ServiceContext, token: string, password: string): Promise<{ message: string }> {
  const now = ctx.now();
  const row = await repo.findEmailToken(ctx.db, hashToken(token), 'reset-password');
  if (!row || row.usedAt) throw badRequest(AUTH_API_MESSAGES.resetInvalid);
  if (row.expiresAt.getTime() <= now.getTime()) throw badRequest(AUTH_API_MESSAGES.resetExpired);
  const passwordHash = await hashPassword(password);
  const user = await inTx(ctx, async ({ db: tx }) => {
    if (!(await repo.consumeEmailToken(tx, row.id, now))) return null;
    const current = await repo.findUserById(tx, row.userId);
    if (!current) return null;
    const updated = await repo.updateUser(tx, current.id, {
      passwordHash,
      emailVerifiedAt: current.emailVerifiedAt ?? now,
      // The reset proves who owns the address; a Google identity never proven to own it (linked from an e-mail
      // Google had not verified) may be someone else's, and no longer signs in to this account.
      ...(current.googleSub && !current.googleLinkVerified ? { googleSub: null } : {}),
      updatedAt: now,
    });
    await repo.invalidateEmailTokens(tx, current.id, 'reset-password', now);
    await repo.deleteUserSessions(tx, current.id);
    return updated ?? null;
  });
  if (!user) throw badRequest(AUTH_API_MESSAGES.resetInvalid);
  await repo.clearSigninFailures(ctx.db, user.email);
  return { message: AUTH_API_MESSAGES.resetDone };
}

/**
 * For the `mail.send` job, as it sends: an e-mail with a link gets its token now (only the hash is stored, on the
 * row the link belongs to); others pass unchanged. Null: the row is gone (account deleted, cleaned up): nothing is sent.
 */
export async function withEmailLink(ctx: DataContext, message: MailMessage): Promise<MailMessage | null> {
  const { emailLink, ...rest } = message;
  if (!emailLink) return message;
  const { token, id: tokenHash } = newEmailToken();
  if (!(await repo.setEmailTokenHash(ctx.db, emailLink.tokenId, tokenHash))) return null;
  const put = (text: string) => text.split(EMAIL_LINK_TOKEN).join(token);
  return { ...rest, text: put(rest.text), ...(rest.html !== undefined ? { html: put(rest.html) } : {}) };
}

// ---------------------------------------------------------------------------------------------------------
// The user row, for other modules (they call these, never this module's repo)
// ---------------------------------------------------------------------------------------------------------

/** The user's e-mail address, or null when there is no such user. */
export async function emailOf(ctx: DataContext, userId: string): Promise<string | null> {
  return (await repo.findUserById(ctx.db, userId))?.email ?? null;
}

/**
 * Whether the user exists, and then keeps it from being deleted until the caller's transaction ends (a payment
 * for a deleted account is recorded for nobody: its webhook must not fail on the missing user).
 */
export async function holdUser(tx: DataContext, userId: string): Promise<boolean> {
  return repo.holdUser(tx.db, userId);
}

/** The e-mail addresses of many users, by id (users that no longer exist are left out). */
export async function emailsOf(ctx: DataContext, userIds: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(userIds)];
  const out = new Map<string, string>();
  for (let i = 0; i < unique.length; i += 1000) {
    for (const r of await repo.emailsByIds(ctx.db, unique.slice(i, i + 1000))) out.set(r.id, r.email);
  }
  return out;
}

/** Records that the user has had the one-time Premium offer (a Premium coupon): the deletion screen stops offering it. */
export async function markPremiumOfferUsed(tx: DataContext, userId: string): Promise<void> {
  await repo.setUserFlag(tx.db, userId, { premiumOfferUsed: true });
}

export interface AuthCleanupCounts {
  sessions: number;
  emailTokens: number;
  signinFailures: number;
}

/**
 * Deletes what no request can use any more: expired sessions, used (or superseded) e-mail tokens, e-mail
 * tokens expired for EXPIRED_EMAIL_TOKEN_RETENTION_MS (a used or unknown link answers the same "invalid or
 * already used"), and sign-in failures older than SIGNIN_FAILURE_RETENTION_MS. Works in batches of `batchSize`
 * rows, each its own short statement, so a backlog of millions never makes one huge transaction.
 */
export async function deleteStaleAuthRows(ctx: DataContext, opts: { batchSize?: number } = {}): Promise<AuthCleanupCounts> {
  const { db } = ctx;
  const now = ctx.now();
  const batchSize = opts.batchSize ?? 1000;
  const drain = async (deleteBatch: (limit: number) => Promise<number>) => {
    for (let total = 0; ; ) {
      const n = await deleteBatch(batchSize);
      total += n;
      if (n < batchSize) return total;
    }
  };
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const sessions = await drain((limit) => repo.deleteExpiredSessions(db, now, limit));
  // Used tokens stay for the cap's hour: the per-address e-mail cap counts the tokens issued in the last hour.
  const used = await drain((limit) => repo.deleteEmailTokensUsedBy(db, ago(HOUR_MS), limit));
  const expired = await drain((limit) => repo.deleteEmailTokensExpiredBefore(db, ago(EXPIRED_EMAIL_TOKEN_RETENTION_MS), limit));
  const signinFailures = await drain((limit) => repo.deleteSigninFailuresBefore(db, ago(SIGNIN_FAILURE_RETENTION_MS), limit));
  return { sessions, emailTokens: used + expired, signinFailures };
}
