import { useEffect, useState, type ComponentType } from 'react';

/**
 * A component whose code loads with import() the first time it renders (or earlier, with `preload`), for the parts a
 * screen shows only later: a dialog until it opens, the moment after a check-in (issue 26). Unlike React.lazy it
 * does not suspend: it renders nothing until the code is there and then the component at once, with no Suspense
 * boundary whose reveal React holds back (by up to 300 ms), so a dialog opens as soon as its code has arrived, and
 * at once when it was preloaded. A failed load is tried again on the next render that needs it.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> & { preload: () => void } {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const start = () =>
    (loading ??= load().then(
      (c) => (loaded = c),
      (err: unknown) => {
        loading = null;
        throw err;
      },
    ));
  function Lazy(props: P) {
    const [Component, setComponent] = useState<ComponentType<P> | null>(() => loaded);
    useEffect(() => {
      if (Component) return;
      let live = true;
      start().then(
        (c) => live && setComponent(() => c),
        () => undefined,
      );
      return () => {
        live = false;
      };
    }, [Component]);
    return Component ? <Component {...props} /> : null;
  }
  return Object.assign(Lazy, { preload: () => void start().catch(() => undefined) });
}
