import { describe, expect, test } from 'vitest';
import { greetingName } from './texts';

describe('reward greeting', () => {
  test('first name uppercased, else the e-mail local part, else USER', () => {
    expect(greetingName({ firstName: 'Ana', email: 'a@b.c' })).toBe('ANA');
    expect(greetingName({ firstName: ' ', email: 'bob.smith@example.com' })).toBe('bob.smith');
    expect(greetingName({ firstName: '', email: '' })).toBe('USER');
    expect(greetingName(null)).toBe('USER');
  });
});
