import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, dataDir: './data', appUrl: 'http://localhost:3000', devTools: true, testClock: false });
    expect(c.databaseUrl).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'production' }).devTools).toBe(false);
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

  it('refuses the test clock in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_CLOCK: 'on' })).toThrow(/TEST_CLOCK/);
    expect(loadConfig({ NODE_ENV: 'test', TEST_CLOCK: 'on' }).testClock).toBe(true);
  });
});
