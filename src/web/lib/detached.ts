/**
 * A callback that starts `fn` and does not wait for it: a deliberate fire-and-forget, for an API that expects a
 * function returning nothing (a mutation's onSuccess, an event handler). A failure inside stays an unhandled
 * rejection, reported as before.
 */
export const detached =
  <A extends unknown[]>(fn: (...args: A) => Promise<unknown>) =>
  (...args: A): void => {
    void fn(...args);
  };
