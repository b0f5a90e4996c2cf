/**
 * The sign-in and sign-up rules without zod: the client's forms import them from here, so a screen does not load
 * the schema library; shared/schemas/auth.ts builds the server's schemas on them and re-exports them.
 */

/**
 * The spec's e-mail shape: text, an @, text, a dot, text, no spaces (`/^[^\s@]+@[^\s@]+\.[^\s@]+$/`), and a
 * plain address only (issue 31): none of `,;<>()"`, `:`, `[`, `]`, `\` or a control character, which mail
 * software reads as a display name, a comment, a list or a group (`(1)victim@x.test`, `foo,victim@x.test` and
 * `x<victim@x.test>` were each an account mailing the same person). The lookahead checks the domain part once, so
 * a long input without a usable dot fails in linear time (the plain form backtracks quadratically: a 1 MB
 * address in a request body took minutes of CPU).
 */
export const EMAIL_SHAPE = /^[^\s@,;<>()":[\]\\\x00-\x1f\x7f]+@(?=[^\s@,;<>()":[\]\\\x00-\x1f\x7f]+$)[^\s@,;<>()":[\]\\\x00-\x1f\x7f]+\.[^\s@,;<>()":[\]\\\x00-\x1f\x7f]+$/;
export const PASSWORD_SPECIALS = '!@#$%^&*(),.?":{}|<>';
const SPECIAL_RE = /[!@#$%^&*(),.?":{}|<>]/;
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
export const MAX_EMAIL_LENGTH = 254;
/** A first name is printed in e-mails: at most 50 characters (issue 31). */
export const MAX_NAME_LENGTH = 50;

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
  nameNotPlain: 'First name cannot contain a web address, "<", ">" or control characters',
} as const;

/**
 * True when a (trimmed) name is fit to print in an e-mail: no URL-like text (`://`, `www.`), no `<` or `>`, no
 * control character (issue 31). The length is checked apart.
 */
export function isPlainName(name: string): boolean {
  return !/:\/\/|www\.|[<>\x00-\x1f\x7f-\x9f]/i.test(name);
}

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
  if (!isPlainName(v.firstName.trim())) return { field: 'firstName', message: AUTH_MESSAGES.nameNotPlain };
  const email = emailProblem(v.email, AUTH_MESSAGES.emailAddressRequired);
  if (email) return { field: 'email', message: email };
  const p = passwordProblem(v.password);
  if (p) return { field: 'password', message: p };
  return null;
}
