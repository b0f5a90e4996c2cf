/**
 * `fn` remembered by its arguments (joined with '|'), for a pure function asked again and again with the same
 * strings and numbers. With `max`, the memo is emptied once it holds that many answers (a bound for a memo that
 * lives as long as the process); without, it keeps every answer for as long as the returned function lives (a memo
 * for one batch of work).
 */
export function memo<A extends Array<string | number>, R>(fn: (...args: A) => R, max = Infinity): (...args: A) => R {
  const seen = new Map<string, R>();
  return (...args: A) => {
    const key = args.join('|');
    let r = seen.get(key);
    if (r === undefined) {
      r = fn(...args);
      if (seen.size >= max) seen.clear();
      seen.set(key, r);
    }
    return r;
  };
}
