import { describe, expect, it, vi } from 'vitest';
import { RESEND_MESSAGES, resendIfValid } from './use-resend-handler';

/** The verify-email screen's resend form and the sign-in screen's verification box both go through this. */
describe('resend verification from a typed address', () => {
  const run = (typed: string) => {
    const send = vi.fn<(email: string) => void>();
    const out = resendIfValid(typed, send);
    return { out, send };
  };

  it('an empty or blank address asks for it and sends nothing', () => {
    for (const typed of ['', '   ', '\t']) {
      const { out, send } = run(typed);
      expect(out).toBe('Please enter your email address first.');
      expect(RESEND_MESSAGES.noEmail).toBe('Please enter your email address first.');
      expect(send).not.toHaveBeenCalled();
    }
  });

  it('an address of the wrong shape says so and sends nothing', () => {
    for (const typed of ['ana', 'ana@example', 'ana @example.com', '@example.com', 'ana@example.', 'a@@b.co']) {
      const { out, send } = run(typed);
      expect(out, typed).toBe('Please enter a valid email address');
      expect(send).not.toHaveBeenCalled();
    }
  });

  it('a plausible address is sent, trimmed, with no problem', () => {
    const { out, send } = run('  ana@example.com ');
    expect(out).toBeNull();
    expect(send).toHaveBeenCalledExactlyOnceWith('ana@example.com');
  });
});
