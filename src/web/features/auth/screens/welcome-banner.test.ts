import { describe, expect, test } from 'vitest';
import { TWO_FACTOR_TEXT, googleBannerText } from './welcome-screen';

describe('welcome-screen Google error texts (spec part 1 §8)', () => {
  test('defaults per error when the server sent no message', () => {
    expect(googleBannerText('account_creation_failed', null, null)).toBe('Failed to create your account. Please try again.');
    expect(googleBannerText('authentication_failed', null, null)).toBe('Google authentication failed. Please try again.');
    expect(googleBannerText('session_failed', null, null)).toBe('Session setup failed. Please try again.');
    expect(googleBannerText('google_not_configured', null, null)).toBe(
      'Google sign-in isn’t available here. You can sign up or log in with your email address and a password instead.',
    );
  });
  test('the server message wins when present, except where it speaks to whoever runs the server', () => {
    expect(googleBannerText('session_failed', 'Cookie refused', null)).toBe('Cookie refused');
    expect(googleBannerText('google_not_configured', 'Google sign-in is not configured on this server.', null)).not.toMatch(/configured|server/);
  });
  test('retry=true on authentication_failed speaks of two-factor verification', () => {
    expect(googleBannerText('authentication_failed', 'whatever', 'true')).toBe(TWO_FACTOR_TEXT);
    expect(TWO_FACTOR_TEXT).toMatch(/two-factor/);
  });
});
