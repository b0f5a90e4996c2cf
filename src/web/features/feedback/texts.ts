/** 'N feedback message(s)' of the inbox heading (spec part 2 §2). */
export const feedbackCountText = (n: number) => `${n} feedback ${n === 1 ? 'message' : 'messages'}`;
