import { useEffect, useState } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';

function allIn(client: QueryClient, keys: readonly QueryKey[]): boolean {
  const cache = client.getQueryCache();
  return keys.every((queryKey) => {
    const q = cache.find({ queryKey, exact: true });
    return !!q && q.state.status !== 'pending';
  });
}

/**
 * True once every one of these queries has had its first answer (data or an error), or `force` (the loading
 * timeout), and from then on. Watches the query cache without observing the queries (it starts no fetch and does
 * not re-render on their later answers). The dashboard renders its cards once, on this, instead of once per answer
 * with the cards above the area tiles growing as each arrives (decision 033).
 */
export function useFirstDataIn(keys: readonly QueryKey[], force = false): boolean {
  const client = useQueryClient();
  // The first list is the one watched (the page's fixed list).
  const [watched] = useState(keys);
  const [done, setDone] = useState(() => allIn(client, watched));
  useEffect(() => {
    if (done) return;
    const check = () => {
      if (allIn(client, watched)) setDone(true);
    };
    check();
    return client.getQueryCache().subscribe(check);
  }, [client, done, watched]);
  return done || force;
}
