import { z } from 'zod';
import { isKnownTimeZone } from '../domain/dates';
import { TIERS } from '../domain/tiers';

/**
 * The spec's e-mail shape: text, an @, text, a dot, text, no spaces (`/^[^\s@]+@[^\s@]+\.[^\s@]+$/`). The
 * lookahead checks the domain part once, so a long input without a usable dot fails in linear time (the plain
 * form backtracks quadratically: a 1 MB address in a request body took minutes of CPU).
 */
export const EMAIL_SHAPE = /^[^\s@]+@(?=[^\s@]+$)[^\s@]+\.[^\s@]+$/;
export const PASSWORD_SPECIALS = '!@#$%^&*(),.?":{}|<>';
const SPECIAL_RE = /[!@#$%^&*(),.?":{}|<>]/;
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
export const MAX_EMAIL_LENGTH = 254;
export const MAX_NAME_LENGTH = 100;

export const AUTH_MESSAGES = {
  emailRequired: 'Email is required',
  emailAddressRequired: 'Email address is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  firstNameRequired: 'First name is required',
  passwordTooShort: 'Password must be at least 6 characters long',
  passwordUppercase: 'Password must contain at least one uppercase letter',
  passwordNumber: 'Password must contain at least one number',
  passwordSpecial: 'Password must contain at least one special character (!@#$%^&*(),.?":{}|<>)',
  passwordTooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`,
  emailTooLong: `Email address must be at most ${MAX_EMAIL_LENGTH} characters long`,
  nameTooLong: `First name must be at most ${MAX_NAME_LENGTH} characters long`,
} as const;

export const PASSWORD_HINT =
  'Must be at least 6 characters with one uppercase letter, one number, and one special character';

/** The first failing password rule, or null (rules 3–7 of sign-up, in order). */
export function passwordProblem(password: string): string | null {
  if (!password || !password.trim()) return AUTH_MESSAGES.passwordRequired;
  if (password.length < MIN_PASSWORD_LENGTH) return AUTH_MESSAGES.passwordTooShort;
  if (!/[A-Z]/.test(password)) return AUTH_MESSAGES.passwordUppercase;
  if (!/[0-9]/.test(password)) return AUTH_MESSAGES.passwordNumber;
  if (!SPECIAL_RE.test(password)) return AUTH_MESSAGES.passwordSpecial;
  if (password.length > MAX_PASSWORD_LENGTH) return AUTH_MESSAGES.passwordTooLong;
  return null;
}

/**
 * The first problem with a typed e-mail address (trimmed): missing (with the screen's own wording), not the
 * spec's shape, or longer than the server takes. Null when it is fine.
 */
export function emailProblem(raw: string, required: string = AUTH_MESSAGES.emailRequired): string | null {
  const email = raw.trim();
  if (!email) return required;
  if (!EMAIL_SHAPE.test(email)) return AUTH_MESSAGES.emailInvalid;
  if (email.length > MAX_EMAIL_LENGTH) return AUTH_MESSAGES.emailTooLong;
  return null;
}

export type SignInField = 'email' | 'password';
/** Sign-in checks: every failing field with its message (the server's length caps too, after the spec's checks). */
export function validateSignIn(v: { email: string; password: string }): Partial<Record<SignInField, string>> {
  const errors: Partial<Record<SignInField, string>> = {};
  const email = emailProblem(v.email);
  if (email) errors.email = email;
  if (!v.password || !v.password.trim()) errors.password = AUTH_MESSAGES.passwordRequired;
  else if (v.password.length > MAX_PASSWORD_LENGTH) errors.password = AUTH_MESSAGES.passwordTooLong;
  return errors;
}

export type SignUpField = 'firstName' | 'email' | 'password';
/** Sign-up checks run in the spec's order; only the first failure is returned. */
export function validateSignUp(v: {
  firstName: string;
  email: string;
  password: string;
}): { field: SignUpField; message: string } | null {
  if (!v.firstName.trim()) return { field: 'firstName', message: AUTH_MESSAGES.firstNameRequired };
  if (v.firstName.trim().length > MAX_NAME_LENGTH) return { field: 'firstName', message: AUTH_MESSAGES.nameTooLong };
  const email = emailProblem(v.email, AUTH_MESSAGES.emailAddressRequired);
  if (email) return { field: 'email', message: email };
  const p = passwordProblem(v.password);
  if (p) return { field: 'password', message: p };
  return null;
}

/** A valid IANA timezone name (checked with Intl, which both sides have). */
export const isValidTimezone = isKnownTimeZone;

/** "required" when the field is missing, "must be text" when it has another type. */
export const textError = (required: string, label: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? required : `${label} must be text`;

/**
 * An e-mail field with the client's checks in the client's order (required, shape, length), so the first
 * message the server gives is the one the form would have shown. `abort` stops at a missing value.
 */
const emailFieldWith = (required: string) =>
  z
    .string({ error: textError(required, 'Email') })
    .trim()
    .min(1, { error: required, abort: true })
    .regex(EMAIL_SHAPE, AUTH_MESSAGES.emailInvalid)
    .max(MAX_EMAIL_LENGTH, AUTH_MESSAGES.emailTooLong)
    .refine((e) => !e.includes('\u0000'), AUTH_MESSAGES.emailInvalid) // PostgreSQL text cannot hold NUL (was a 500)
    .transform((e) => e.toLowerCase());
const emailField = emailFieldWith(AUTH_MESSAGES.emailRequired);

export const timezoneField = z
  .string({ error: 'Timezone must be an IANA timezone name such as Europe/London' })
  .max(64)
  .refine(isValidTimezone, 'Timezone must be an IANA timezone name such as Europe/London');

/** A new password: the sign-up rules 3–7 (then the length cap) through `passwordProblem`, one message. */
const newPasswordField = z
  .string({ error: textError(AUTH_MESSAGES.passwordRequired, 'Password') })
  .superRefine((p, ctx) => {
    const problem = passwordProblem(p);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const signInBodySchema = z.object({
  email: emailField,
  password: z
    .string({ error: textError(AUTH_MESSAGES.passwordRequired, 'Password') })
    // Empty or blank is "required" (a 400, never a wrong-password attempt); the password itself is not trimmed.
    .refine((p) => p.trim() !== '', { error: AUTH_MESSAGES.passwordRequired, abort: true })
    .max(MAX_PASSWORD_LENGTH, AUTH_MESSAGES.passwordTooLong),
});

export const signUpBodySchema = z.object({
  firstName: z
    .string({ error: textError(AUTH_MESSAGES.firstNameRequired, 'First name') })
    .trim()
    .min(1, { error: AUTH_MESSAGES.firstNameRequired, abort: true })
    .max(MAX_NAME_LENGTH, AUTH_MESSAGES.nameTooLong)
    .refine((n) => !n.includes('\u0000'), 'First name cannot contain a NUL character'),
  email: emailFieldWith(AUTH_MESSAGES.emailAddressRequired),
  password: newPasswordField,
  timezone: timezoneField.optional(),
});

export const emailBodySchema = z.object({ email: emailField });
export const resetPasswordBodySchema = z.object({
  token: z
    .string({ error: textError('The reset link is missing its token', 'Token') })
    .min(1, 'The reset link is missing its token')
    .max(200, 'This reset link is invalid. Request a new one.'),
  password: newPasswordField,
});
export const timezoneBodySchema = z.object({ timezone: timezoneField });

export const GENDERS = ['male', 'female', 'other', 'prefer-not-to-say'] as const;

/** The user as the client sees it: public profile fields only, never a hash or a token. */
export const publicUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  age: z.number().int().nullable(),
  gender: z.enum(GENDERS).nullable(),
  provider: z.enum(['email', 'google']),
  tier: z.enum(TIERS),
  timezone: z.string(),
  checkInTime: z.string(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  firstCheckInCompleted: z.boolean(),
  premiumOfferUsed: z.boolean(),
  /** Server-derived capabilities the client may display. */
  isAdmin: z.boolean(),
  devTools: z.boolean(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const messageSchema = z.object({ message: z.string() });
export const signInResponseSchema = z.object({ user: publicUserSchema, message: z.string() });

/** POST /api/auth/signup: the account exists but is not verified; no session is started. */
export const signUpResponseSchema = z.object({
  message: z.string(),
  requiresVerification: z.literal(true),
  email: z.string(),
});
export type SignUpResponse = z.infer<typeof signUpResponseSchema>;
export const verifyEmailResponseSchema = z.object({ message: z.string(), email: z.string() });
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;
export const providersResponseSchema = z.object({ google: z.boolean() });
export type ProvidersResponse = z.infer<typeof providersResponseSchema>;
