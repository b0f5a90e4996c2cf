import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** The channel of drizzle/0016_user_change_notify.sql: the payload is the id of the user whose rows changed. */
export const USER_CHANGED_CHANNEL = 'big7_user_changed';

export interface ChangeListener {
  /** A committed change to rows of this user (their session, profile, check-ins, streak or subscription). */
  onUser(userId: string): void;
  /**
   * False when notifications may have been missed (the listening connection is down): whatever was cached must be
   * dropped and nothing cached until it is true again (reconnected and listening).
   */
  onState(up: boolean): void;
}

/**
 * Committed changes to users' rows, as the database announces them (triggers + pg_notify, delivered at commit).
 * Per-process caches listen to it (plugins/session.ts): a change made by another instance, a job or a webhook drops
 * the cached rows of that user on every instance.
 */
export interface ChangeFeed {
  subscribe(listener: ChangeListener): Promise<() => Promise<void>>;
  /**
   * Resolves once the notifications of every transaction committed before the call have reached the subscribers
   * (a round trip on each listening connection: a backend delivers its pending notifications before answering).
   * Tests use it to wait for "the other instance has seen it".
   */
  flush(): Promise<void>;
}

/** PGlite: one process, one database; its notifications arrive with the result of the committing statement. */
export function pgliteChangeFeed(client: PGlite): ChangeFeed {
  return {
    async subscribe(listener) {
      // The payload is the user's id. Bound, not wrapped: the listener's own code is what runs at a notification.
      const unlisten = await client.listen(USER_CHANGED_CHANNEL, listener.onUser.bind(listener));
      listener.onState(true);
      return async () => {
        listener.onState(false);
        await unlisten().catch(() => undefined);
      };
    },
    // PGlite delivers a transaction's notifications with the result of its COMMIT.
    flush: async () => undefined,
  };
}

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

/**
 * PostgreSQL: one dedicated connection per subscriber runs LISTEN (a pooled connection cannot: the pool hands it to
 * other queries). When it fails the listener is told (onState(false)) at once and the feed reconnects with backoff;
 * only once LISTEN is in place again does it report up.
 */
export function postgresChangeFeed(connectionString: string, onError: (err: Error) => void = () => undefined): ChangeFeed {
  const listening = new Set<pg.Client>();
  return {
    async flush() {
      await Promise.all([...listening].map((c) => c.query('SELECT 1').catch(() => undefined)));
    },
    async subscribe(listener) {
      let stopped = false;
      let client: pg.Client | null = null;
      let delay = RECONNECT_MIN_MS;
      let timer: NodeJS.Timeout | null = null;

      const connect = async (): Promise<void> => {
        const c = new pg.Client({ connectionString, application_name: 'big7-change-feed' });
        client = c;
        let failed = false;
        const fail = (err?: Error) => {
          if (failed) return;
          failed = true;
          if (err) onError(err);
          listener.onState(false);
          c.removeAllListeners('notification');
          void c.end().catch(() => undefined);
          listening.delete(c);
          if (client === c) client = null;
          if (!stopped) {
            timer = setTimeout(() => void connect(), delay);
            timer.unref();
            delay = Math.min(RECONNECT_MAX_MS, delay * 2);
          }
        };
        c.on('error', (err) => fail(err));
        c.on('end', () => fail());
        c.on('notification', (msg) => {
          if (msg.channel === USER_CHANGED_CHANNEL && msg.payload) listener.onUser(msg.payload);
        });
        try {
          await c.connect();
          await c.query(`LISTEN ${USER_CHANGED_CHANNEL}`);
        } catch (err) {
          fail(err instanceof Error ? err : new Error(String(err)));
          return;
        }
        if (stopped || failed) return;
        listening.add(c);
        delay = RECONNECT_MIN_MS;
        listener.onState(true);
      };

      await connect();
      return async () => {
        stopped = true;
        if (timer) clearTimeout(timer);
        const c = client;
        client = null;
        listener.onState(false);
        if (c) {
          listening.delete(c);
          c.removeAllListeners();
          c.on('error', () => undefined);
          await c.end().catch(() => undefined);
        }
      };
    },
  };
}
