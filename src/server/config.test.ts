import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, dataDir: './data', appUrl: 'http://localhost:3000', devTools: false, testClock: false });
    expect(c).toMatchObject({ trustProxy: false, requestTimeoutMs: 30_000 });
    expect(c.databaseUrl).toBeUndefined();
  });

  it('turns developer tools on only with DEV_TOOLS=on, in every NODE_ENV', () => {
    for (const NODE_ENV of ['development', 'test', 'production']) {
      expect(loadConfig({ NODE_ENV }).devTools, NODE_ENV).toBe(false);
      expect(loadConfig({ NODE_ENV, DEV_TOOLS: 'on' }).devTools, NODE_ENV).toBe(true);
    }
  });

  it('lists every bad variable in one readable error', () => {
    let err: unknown;
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', DEV_TOOLS: 'maybe' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const msg = (err as Error).message;
    for (const name of ['PORT', 'DATABASE_URL', 'DEV_TOOLS']) expect(msg).toContain(`- ${name}:`);
  });

  it('runs the rollover job except under NODE_ENV=test unless JOBS says otherwise, every 60 s by default', () => {
    expect(loadConfig({})).toMatchObject({ jobs: true, rolloverIntervalMs: 60_000 });
    expect(loadConfig({ NODE_ENV: 'test' }).jobs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', JOBS: 'on', ROLLOVER_INTERVAL_SECONDS: '2' })).toMatchObject({ jobs: true, rolloverIntervalMs: 2000 });
    expect(() => loadConfig({ ROLLOVER_INTERVAL_SECONDS: '0' })).toThrow(/ROLLOVER_INTERVAL_SECONDS/);
  });

  it('refuses the test clock in production and without developer tools', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_TOOLS: 'on', TEST_CLOCK: 'on' })).toThrow(/TEST_CLOCK/);
    expect(loadConfig({ NODE_ENV: 'test', DEV_TOOLS: 'on', TEST_CLOCK: 'on' }).testClock).toBe(true);
    for (const env of [{ TEST_CLOCK: 'on' }, { TEST_CLOCK: 'on', DEV_TOOLS: 'off' }]) {
      expect(() => loadConfig({ NODE_ENV: 'test', ...env })).toThrow(
        'TEST_CLOCK: the test clock is a developer tool; set DEV_TOOLS=on with it (or turn TEST_CLOCK off)',
      );
    }
  });

  it('reads TRUST_PROXY as nobody, a hop count or a list of proxy addresses, and refuses "on"', () => {
    for (const off of ['', 'off', 'false', '0']) expect(loadConfig({ TRUST_PROXY: off }).trustProxy, off).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const on of ['on', 'true', 'ON']) {
      expect(configError({ TRUST_PROXY: on }), on).toContain(
        '- TRUST_PROXY: "on" is no longer accepted (it let any client forge its address). Write the number of proxies in front of the server (e.g. TRUST_PROXY=1) or their addresses (e.g. TRUST_PROXY=10.0.0.0/8,127.0.0.1)',
      );
    }
    expect(configError({ TRUST_PROXY: '10.0.0.0/33,proxy.local' })).toContain('- TRUST_PROXY: "10.0.0.0/33", "proxy.local" is not a proxy address');
    expect(configError({ TRUST_PROXY: '11' })).toContain('- TRUST_PROXY: 11 proxy hops is more than 10');
  });

  it('reads REQUEST_TIMEOUT_SECONDS', () => {
    expect(loadConfig({ REQUEST_TIMEOUT_SECONDS: '5' }).requestTimeoutMs).toBe(5000);
    expect(configError({ REQUEST_TIMEOUT_SECONDS: '0' })).toContain('- REQUEST_TIMEOUT_SECONDS:');
  });

  it('Stripe: both keys or neither; STRIPE_API_URL becomes host, port and protocol', () => {
    expect(loadConfig({}).stripe).toBeNull();
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow(/set together/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ STRIPE_API_URL: 'ftp://x' })).toThrow(/STRIPE_API_URL/);
    const c = loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc', STRIPE_API_URL: 'http://127.0.0.1:12111' });
    expect(c.stripe).toEqual({
      secretKey: 'sk_test_abc',
      webhookSecret: 'whsec_abc',
      api: { host: '127.0.0.1', port: 12111, protocol: 'http' },
    });
  });

  /** The ConfigError message for an environment, or a failure when it loads. */
  function configError(env: Record<string, string>): string {
    try {
      loadConfig(env);
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      return (e as Error).message;
    }
    throw new Error(`expected a ConfigError for ${JSON.stringify(env)}`);
  }

  it('reads ADMIN_EMAILS as a list of addresses, ignoring empty entries and case', () => {
    expect(loadConfig({}).adminEmails).toEqual([]);
    expect(loadConfig({ ADMIN_EMAILS: '' }).adminEmails).toEqual([]);
    const c = loadConfig({ ADMIN_EMAILS: ' Boss@Example.com , ,second@example.co.uk,' });
    expect(c.adminEmails).toEqual(['boss@example.com', 'second@example.co.uk']);
    expect(c.supportEmail).toBe('boss@example.com');
  });

  it('refuses an ADMIN_EMAILS entry that is not an e-mail address, naming it', () => {
    const msg = configError({ ADMIN_EMAILS: 'not-an-email,,' });
    expect(msg).toContain('Invalid configuration:');
    expect(msg).toContain('- ADMIN_EMAILS: "not-an-email" is not an e-mail address');
    for (const bad of ['a@b', 'boss@example.com,@example.com', 'boss@example.com, two words@example.com', 'x@y.']) {
      expect(configError({ ADMIN_EMAILS: bad })).toMatch(/- ADMIN_EMAILS: ".*" is not an e-mail address/);
    }
    // Every bad entry is listed.
    const both = configError({ ADMIN_EMAILS: 'one,boss@example.com,two' });
    expect(both).toContain('"one" is not an e-mail address');
    expect(both).toContain('"two" is not an e-mail address');
  });

  it('accepts an SMTP_URL with a host and refuses one without', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://user:pa%24s@mail.example.com:587' }).smtpUrl).toBe('smtp://user:pa%24s@mail.example.com:587');
    expect(loadConfig({ SMTP_URL: 'smtps://127.0.0.1:465' }).smtpUrl).toBe('smtps://127.0.0.1:465');
    expect(loadConfig({ SMTP_URL: '' }).smtpUrl).toBeUndefined();
    for (const bad of ['smtp://', 'smtps://', 'smtp://:587', 'smtp://user:pass@', 'smtp://exa mple.com']) {
      expect(configError({ SMTP_URL: bad }), bad).toContain('- SMTP_URL: must be a URL with a host');
    }
    expect(configError({ SMTP_URL: 'http://mail.example.com' })).toContain('- SMTP_URL: must start with smtp:// or smtps://');
  });

  it('lists bad ADMIN_EMAILS and SMTP_URL together with the other bad variables', () => {
    const msg = configError({ ADMIN_EMAILS: 'not-an-email,,', SMTP_URL: 'smtp://', PORT: 'abc' });
    for (const name of ['ADMIN_EMAILS', 'SMTP_URL', 'PORT']) expect(msg).toContain(`- ${name}:`);
  });
  it('AI coach: built-in by default; an OpenAI-compatible endpoint needs a model; a key alone means OpenAI', () => {
    expect(loadConfig({})).toMatchObject({ aiCoach: null, aiCoachTimeoutMs: 30_000 });
    expect(loadConfig({ AI_COACH_BASE_URL: 'http://localhost:11434/v1/', AI_COACH_MODEL: 'llama3.1' }).aiCoach).toEqual({
      baseUrl: 'http://localhost:11434/v1',
      apiKey: undefined,
      model: 'llama3.1',
    });
    expect(loadConfig({ AI_COACH_API_KEY: 'sk-x', AI_COACH_MODEL: 'gpt-4o-mini' }).aiCoach).toMatchObject({ baseUrl: 'https://api.openai.com/v1', apiKey: 'sk-x' });
    expect(() => loadConfig({ AI_COACH_BASE_URL: 'http://localhost:11434/v1' })).toThrow(/AI_COACH_MODEL: required/);
    expect(() => loadConfig({ AI_COACH_MODEL: 'gpt-4o-mini' })).toThrow(/AI_COACH_MODEL: set AI_COACH_BASE_URL/);
    expect(() => loadConfig({ AI_COACH_BASE_URL: 'localhost:11434', AI_COACH_MODEL: 'm' })).toThrow(/AI_COACH_BASE_URL/);
    expect(() => loadConfig({ AI_COACH_TIMEOUT_MS: '5' })).toThrow(/AI_COACH_TIMEOUT_MS/);
    expect(loadConfig({ AI_COACH_BASE_URL: '', AI_COACH_MODEL: '' }).aiCoach).toBeNull();
  });

  it('takes VAPID keys together, a mailto: or https: subject, and generates keys when both are unset', () => {
    const pub = 'B' + 'A'.repeat(86);
    const priv = 'a'.repeat(43);
    expect(loadConfig({}).vapid).toBeNull();
    expect(loadConfig({}).vapidSubject).toBe('mailto:no-reply@big7.local');
    expect(loadConfig({ APP_URL: 'https://big7.example' }).vapidSubject).toBe('https://big7.example');
    expect(loadConfig({ VAPID_PUBLIC_KEY: pub, VAPID_PRIVATE_KEY: priv, VAPID_SUBJECT: 'mailto:ops@example.com' })).toMatchObject({
      vapid: { publicKey: pub, privateKey: priv },
      vapidSubject: 'mailto:ops@example.com',
    });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pub })).toThrow(/set together/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: priv })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://example.com' })).toThrow(/VAPID_SUBJECT: must be a mailto: or https: URL/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'ops@example.com' })).toThrow(/VAPID_SUBJECT/);
  });
});
