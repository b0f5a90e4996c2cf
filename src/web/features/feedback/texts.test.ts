import { expect, test } from 'vitest';
import { feedbackCountText } from './texts';

test('the inbox count reads 1 feedback message, 2 feedback messages', () => {
  expect(feedbackCountText(1)).toBe('1 feedback message');
  expect(feedbackCountText(2)).toBe('2 feedback messages');
  expect(feedbackCountText(0)).toBe('0 feedback messages');
});
