import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  EMAIL_SHAPE,
  MAX_EMAIL_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PASSWORD_LENGTH,
  PASSWORD_SPECIALS,
  emailBodySchema,
  emailProblem,
  passwordProblem,
  resetPasswordBodySchema,
  signInBodySchema,
  signUpBodySchema,
  validateSignIn,
  validateSignUp,
} from './auth';

/** Spec part 1 §5, word for word. */
const SPEC = {
  emailRequired: 'Email is required',
  emailAddressRequired: 'Email address is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  firstNameRequired: 'First name is required',
  tooShort: 'Password must be at least 6 characters long',
  uppercase: 'Password must contain at least one uppercase letter',
  number: 'Password must contain at least one number',
  special: 'Password must contain at least one special character (!@#$%^&*(),.?":{}|<>)',
};

const GOOD = { firstName: 'Ana', email: 'ana@example.com', password: 'Secret1!' };

/** The server's messages, in the order it reports them (the first is the 400's top-level message). */
function serverMessages(schema: { safeParse(v: unknown): { success: boolean; error?: { issues: Array<{ message: string; path: PropertyKey[] }> } } }, v: unknown) {
  const r = schema.safeParse(v);
  return r.success ? [] : (r.error?.issues ?? []).map((i) => ({ field: String(i.path[0] ?? ''), message: i.message }));
}

describe('messages', () => {
  it('are the spec texts', () => {
    expect(AUTH_MESSAGES).toMatchObject({
      emailRequired: SPEC.emailRequired,
      emailAddressRequired: SPEC.emailAddressRequired,
      emailInvalid: SPEC.emailInvalid,
      passwordRequired: SPEC.passwordRequired,
      firstNameRequired: SPEC.firstNameRequired,
      passwordTooShort: SPEC.tooShort,
      passwordUppercase: SPEC.uppercase,
      passwordNumber: SPEC.number,
      passwordSpecial: SPEC.special,
    });
    expect(PASSWORD_SPECIALS).toBe('!@#$%^&*(),.?":{}|<>');
    expect(SPEC.special).toContain(`(${PASSWORD_SPECIALS})`);
  });
});

describe('e-mail shape: text, an @, text, a dot, text, no spaces', () => {
  const valid = [
    'a@b.co',
    'x@y.z',
    'first.last+tag@sub.example.org',
    'UPPER@EXAMPLE.COM',
    "o'brien@example.ie",
    '1@2.3',
    'a@b.c.d',
  ];
  const invalid: Array<[string, string]> = [
    ['plainaddress', 'no @'],
    ['a@b', 'no dot after the @'],
    ['a.b@c', 'the dot only before the @'],
    ['@b.co', 'no local part'],
    ['a@.co', 'nothing between the @ and the dot'],
    ['a@b.', 'trailing dot, nothing after it'],
    ['a@', 'nothing after the @'],
    ['a b@c.de', 'space in the local part'],
    ['a@b c.de', 'space in the domain'],
    ['a@b.c e', 'space after the dot'],
    ['a\t@b.co', 'tab'],
    ['a@@b.co', 'two @ together'],
    ['a@b@c.co', 'two @'],
  ];

  it.each(valid)('accepts %s', (email) => {
    expect(EMAIL_SHAPE.test(email)).toBe(true);
    expect(emailProblem(email)).toBeNull();
    expect(validateSignIn({ email, password: 'x' })).toEqual({});
  });

  it.each(invalid)('refuses %s (%s)', (email) => {
    expect(EMAIL_SHAPE.test(email)).toBe(false);
    expect(emailProblem(email)).toBe(SPEC.emailInvalid);
    expect(validateSignIn({ email, password: 'x' }).email).toBe(SPEC.emailInvalid);
    expect(validateSignUp({ ...GOOD, email })).toEqual({ field: 'email', message: SPEC.emailInvalid });
    expect(serverMessages(emailBodySchema, { email })[0]?.message).toBe(SPEC.emailInvalid);
  });

  it('spaces around the address are trimmed, not refused', () => {
    expect(emailProblem('  ana@example.com \t')).toBeNull();
    expect(signInBodySchema.parse({ email: '  Ana@Example.com ', password: 'x' }).email).toBe('ana@example.com');
  });

  it('any text@text.text without spaces or a second @ is accepted; a whitespace inside refuses it', () => {
    const part = fc.string({ unit: fc.constantFrom(...'abcXYZ019._+-!#'), minLength: 1, maxLength: 20 });
    fc.assert(
      fc.property(part, part, part, (local, domain, tld) => {
        expect(emailProblem(`${local}@${domain}.${tld}`)).toBeNull();
      }),
    );
    fc.assert(
      fc.property(part, part, part, fc.constantFrom(' ', '\t', '\n', '\u00a0'), fc.nat(), (local, domain, tld, space, at) => {
        const email = `${local}@${domain}.${tld}`;
        const i = 1 + (at % (email.length - 1)); // strictly inside, so trimming cannot remove it
        expect(emailProblem(email.slice(0, i) + space + email.slice(i))).toBe(SPEC.emailInvalid);
      }),
    );
  });

  it(`longer than ${MAX_EMAIL_LENGTH} characters is refused after the shape check`, () => {
    const long = `${'a'.repeat(MAX_EMAIL_LENGTH)}@example.com`;
    expect(emailProblem(long)).toBe(AUTH_MESSAGES.emailTooLong);
    expect(emailProblem('a'.repeat(MAX_EMAIL_LENGTH + 10))).toBe(SPEC.emailInvalid);
  });

  it("accepts exactly what the spec's plain pattern accepts", () => {
    const plain = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
    const piece = fc.string({ unit: fc.constantFrom('a', 'B', '7', '.', '@', ' ', '\t', '-', '_', 'é'), maxLength: 12 });
    fc.assert(
      fc.property(piece, (s) => {
        expect(EMAIL_SHAPE.test(s), JSON.stringify(s)).toBe(plain.test(s));
      }),
      { numRuns: 5_000 },
    );
  });

  it('rejects a huge address without a usable dot at once (the plain pattern backtracks for minutes)', () => {
    // A request body can carry ~2 MB; the plain pattern needs ~45 s for this 200 kB input (past the test timeout).
    for (const s of [`a@${'.'.repeat(200_000)} `, `a@${'b'.repeat(200_000)}`, `${'a'.repeat(200_000)}@b.c d`]) {
      expect(EMAIL_SHAPE.test(s)).toBe(false);
    }
  });
});

describe('sign-in rules', () => {
  it('e-mail required (empty or blank): "Email is required"', () => {
    for (const email of ['', ' ', '\t \n']) expect(validateSignIn({ email, password: 'x' })).toEqual({ email: SPEC.emailRequired });
  });

  it('password required, empty or blank: "Password is required"; otherwise any password is fine here', () => {
    for (const password of ['', ' ', '     ', '\t', ' \n ']) {
      expect(validateSignIn({ email: 'a@b.co', password })).toEqual({ password: SPEC.passwordRequired });
    }
    for (const password of ['x', ' x ', 'short', 'no-rules-apply-on-sign-in']) {
      expect(validateSignIn({ email: 'a@b.co', password })).toEqual({});
    }
  });

  it('reports every failing field at once', () => {
    expect(validateSignIn({ email: '', password: '' })).toEqual({ email: SPEC.emailRequired, password: SPEC.passwordRequired });
    expect(validateSignIn({ email: 'a@b', password: ' ' })).toEqual({ email: SPEC.emailInvalid, password: SPEC.passwordRequired });
  });

  it('the server refuses the same inputs with the same messages (a blank password too)', () => {
    expect(serverMessages(signInBodySchema, { email: '', password: '' })).toEqual([
      { field: 'email', message: SPEC.emailRequired },
      { field: 'password', message: SPEC.passwordRequired },
    ]);
    expect(serverMessages(signInBodySchema, { email: 'a@b.co', password: '   ' })).toEqual([
      { field: 'password', message: SPEC.passwordRequired },
    ]);
    expect(serverMessages(signInBodySchema, {})).toEqual([
      { field: 'email', message: SPEC.emailRequired },
      { field: 'password', message: SPEC.passwordRequired },
    ]);
    // A password with spaces around it is kept as typed.
    expect(signInBodySchema.parse({ email: 'a@b.co', password: ' pass ' }).password).toBe(' pass ');
  });
});

describe('sign-up rules: in the spec order, only the first failure', () => {
  // Each case also fails every later rule, so only the order decides which message shows.
  const bo = (password: string) => ({ firstName: 'Bo', email: 'bo@example.com', password });
  const cases: Array<[string, { firstName: string; email: string; password: string }, 'firstName' | 'email' | 'password', string]> = [
    ['1 first name missing', { firstName: '', email: '', password: '' }, 'firstName', SPEC.firstNameRequired],
    ['1 first name blank', { firstName: '   ', email: 'bad', password: 'a' }, 'firstName', SPEC.firstNameRequired],
    ['2 e-mail missing', { firstName: 'Bo', email: '', password: '' }, 'email', SPEC.emailAddressRequired],
    ['2 e-mail blank', { firstName: 'Bo', email: '  ', password: 'a' }, 'email', SPEC.emailAddressRequired],
    ['2 e-mail shape', { firstName: 'Bo', email: 'bo@example', password: '' }, 'email', SPEC.emailInvalid],
    ['3 password missing', bo(''), 'password', SPEC.passwordRequired],
    ['3 password blank', bo('        '), 'password', SPEC.passwordRequired],
    ['4 too short', bo('ab'), 'password', SPEC.tooShort],
    ['4 too short with everything else', bo('Ab1!'), 'password', SPEC.tooShort],
    ['5 no uppercase', bo('abcdef'), 'password', SPEC.uppercase],
    ['6 no number', bo('Abcdef'), 'password', SPEC.number],
    ['7 no special character', bo('Abcde1'), 'password', SPEC.special],
  ];

  it.each(cases)('%s', (_name, values, field, message) => {
    expect(validateSignUp(values)).toEqual({ field, message });
    // The server's first message (the 400's top-level message) is the same.
    expect(serverMessages(signUpBodySchema, values)[0]).toEqual({ field, message });
  });

  it('a sign-up that passes every rule has no error, on either side', () => {
    expect(validateSignUp(GOOD)).toBeNull();
    expect(signUpBodySchema.safeParse(GOOD).success).toBe(true);
  });

  it.each([...PASSWORD_SPECIALS])('accepts the special character %s', (ch) => {
    const password = `Abcde1${ch}`;
    expect(passwordProblem(password)).toBeNull();
    expect(validateSignUp({ ...GOOD, password })).toBeNull();
    expect(signUpBodySchema.safeParse({ ...GOOD, password }).success).toBe(true);
    expect(resetPasswordBodySchema.safeParse({ token: 't', password }).success).toBe(true);
  });

  it.each([...'-_+=~`\'/\\[];', ' ', '€', 'é'])('does not count %j as a special character', (ch) => {
    expect(passwordProblem(`Abcde1${ch}`)).toBe(SPEC.special);
  });

  it(`the server's length caps come last: first name over ${MAX_NAME_LENGTH}, password over ${MAX_PASSWORD_LENGTH}`, () => {
    expect(validateSignUp({ ...GOOD, firstName: 'a'.repeat(MAX_NAME_LENGTH + 1) })?.message).toBe(AUTH_MESSAGES.nameTooLong);
    expect(validateSignUp({ ...GOOD, firstName: ` ${'a'.repeat(MAX_NAME_LENGTH)} ` })).toBeNull();
    expect(passwordProblem(`Aa1!${'a'.repeat(MAX_PASSWORD_LENGTH - 4)}`)).toBeNull();
    expect(passwordProblem(`Aa1!${'a'.repeat(MAX_PASSWORD_LENGTH - 3)}`)).toBe(AUTH_MESSAGES.passwordTooLong);
    // A long password that also breaks a rule names the rule.
    expect(passwordProblem('a'.repeat(MAX_PASSWORD_LENGTH + 10))).toBe(SPEC.uppercase);
  });
});

describe('password properties', () => {
  const lower = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz');
  const upper = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
  const digit = fc.constantFrom(...'0123456789');
  const special = fc.constantFrom(...PASSWORD_SPECIALS);
  const other = fc.constantFrom(...'abcXYZ789!?- _~é');
  /** Any password that meets every rule: at least one of each kind, 6..128 characters, in any order. */
  const strongPassword = fc
    .tuple(upper, digit, special, fc.array(fc.oneof(lower, upper, digit, special, other), { minLength: 3, maxLength: MAX_PASSWORD_LENGTH - 3 }), fc.nat())
    .map(([u, d, s, rest, seed]) => {
      const chars = [u, d, s, ...rest];
      // A deterministic shuffle from the seed.
      for (let i = chars.length - 1; i > 0; i--) {
        const j = (seed + i * 7919) % (i + 1);
        [chars[i], chars[j]] = [chars[j]!, chars[i]!];
      }
      return chars.join('');
    });

  it('any password satisfying all rules passes, on the client and the server', () => {
    fc.assert(
      fc.property(strongPassword, (password) => {
        expect(passwordProblem(password)).toBeNull();
        expect(validateSignUp({ ...GOOD, password })).toBeNull();
        expect(signUpBodySchema.safeParse({ ...GOOD, password }).success).toBe(true);
      }),
    );
  });

  it('dropping the uppercase letters makes rule 5 the first failure', () => {
    fc.assert(
      fc.property(strongPassword, (password) => {
        const noUpper = password.toLowerCase();
        fc.pre(noUpper.trim() !== '' && !/[A-Z]/.test(noUpper));
        expect(validateSignUp({ ...GOOD, password: noUpper })).toEqual({ field: 'password', message: SPEC.uppercase });
        expect(serverMessages(signUpBodySchema, { ...GOOD, password: noUpper })[0]?.message).toBe(SPEC.uppercase);
      }),
    );
  });

  it('dropping the digits makes rule 6 the first failure; dropping the specials, rule 7', () => {
    fc.assert(
      fc.property(strongPassword, (password) => {
        const noDigit = password.replace(/[0-9]/g, 'x');
        expect(passwordProblem(noDigit)).toBe(SPEC.number);
        const noSpecial = password.replace(/[!@#$%^&*(),.?":{}|<>]/g, 'x');
        expect(passwordProblem(noSpecial)).toBe(SPEC.special);
      }),
    );
  });

  it('a password shorter than 6 fails rule 4 whatever it contains', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.oneof(lower, upper, digit, special), minLength: 1, maxLength: 5 }), (password) => {
        expect(passwordProblem(password)).toBe(SPEC.tooShort);
      }),
    );
  });
});

describe('the server schemas agree with the client rules', () => {
  // Characters that hit every rule (no NUL: the server also refuses NUL, which no keyboard types).
  const text = (maxLength: number) =>
    fc.oneof(
      fc.string({ unit: fc.constantFrom(...'aZ1! @.\t-'), maxLength }),
      fc.string({ unit: fc.constantFrom(...'aZ1! @.\t-'), minLength: maxLength - 4, maxLength: maxLength + 4 }),
    );
  const email = fc.oneof(
    text(12),
    fc.emailAddress(),
    fc.constantFrom(`${'a'.repeat(MAX_EMAIL_LENGTH)}@b.co`, 'a'.repeat(MAX_EMAIL_LENGTH + 10), ` ${'a'.repeat(MAX_EMAIL_LENGTH - 5)}@b.co `),
  );
  const password = fc.oneof(text(10), fc.constantFrom('Secret1!', '  Secret1!  ', `Aa1!${'a'.repeat(MAX_PASSWORD_LENGTH)}`));
  const firstName = fc.oneof(text(6), fc.constant('a'.repeat(MAX_NAME_LENGTH + 1)));

  it('sign-up: the same first message, or both accept', () => {
    fc.assert(
      fc.property(firstName, email, password, (f, e, p) => {
        const values = { firstName: f, email: e, password: p };
        const client = validateSignUp(values);
        const server = serverMessages(signUpBodySchema, values)[0] ?? null;
        expect(server).toEqual(client);
      }),
      { numRuns: 500 },
    );
  });

  it('sign-in: the same message for each failing field, or both accept', () => {
    fc.assert(
      fc.property(email, password, (e, p) => {
        const client = validateSignIn({ email: e, password: p });
        const server: Record<string, string> = {};
        for (const { field, message } of serverMessages(signInBodySchema, { email: e, password: p })) server[field] ??= message;
        expect(server).toEqual(client);
      }),
      { numRuns: 500 },
    );
  });

  it('e-mail only (resend, forgot password): the same message as the sign-in e-mail rule', () => {
    fc.assert(
      fc.property(email, (e) => {
        expect(serverMessages(emailBodySchema, { email: e })[0]?.message ?? null).toBe(emailProblem(e));
      }),
    );
  });

  it('a missing or non-text field gets the required or "must be text" message', () => {
    expect(serverMessages(signUpBodySchema, {})[0]).toEqual({ field: 'firstName', message: SPEC.firstNameRequired });
    expect(serverMessages(signUpBodySchema, { firstName: 'Bo' })[0]).toEqual({ field: 'email', message: SPEC.emailAddressRequired });
    expect(serverMessages(signUpBodySchema, { firstName: 'Bo', email: 'bo@example.com' })[0]).toEqual({
      field: 'password',
      message: SPEC.passwordRequired,
    });
    expect(serverMessages(signInBodySchema, { email: 5, password: ['x'] })).toEqual([
      { field: 'email', message: 'Email must be text' },
      { field: 'password', message: 'Password must be text' },
    ]);
  });
});
