import { describe, expect, test } from 'vitest';
import { FEEDBACK_MESSAGES, feedbackProblem, sendFeedbackBodySchema } from './feedback';

describe('feedback validation (spec part 2 §5)', () => {
  const cases: Array<[string, string | null]> = [
    ['', FEEDBACK_MESSAGES.blank],
    [' \n\t ', FEEDBACK_MESSAGES.blank],
    ['Great app', null],
    ['x'.repeat(4000), null],
    [`  ${'x'.repeat(4000)}\n`, null],
    ['x'.repeat(4001), FEEDBACK_MESSAGES.tooLong],
  ];
  test.each(cases)('%j: the form and the server give the same answer', (raw, expected) => {
    expect(feedbackProblem(raw)?.message ?? null).toBe(expected);
    const parsed = sendFeedbackBodySchema.safeParse({ message: raw });
    expect(parsed.success ? null : parsed.error.issues[0]!.message).toBe(expected);
  });

  test('the titles are the spec\'s', () => {
    expect(feedbackProblem('x'.repeat(4001))).toEqual({ title: 'Message too long', message: 'Please keep your feedback under 4000 characters' });
    expect(feedbackProblem('')?.message).toBe('Please enter your feedback');
  });

  test('the stored message is the trimmed text', () => {
    expect(sendFeedbackBodySchema.parse({ message: '  hi\nthere  ' })).toEqual({ message: 'hi\nthere' });
  });
});
