import type { users } from '../db/schema/index';

export type UserRow = typeof users.$inferSelect;

/**
 * Without a change feed (see below) entries live this long (real time): another instance's change (a logout, a tier
 * changed by a job or a webhook) is seen within it.
 */
export const SESSION_CACHE_TTL_MS = 2_000;
/**
 * With a change feed that is up, every committed change to a user's rows drops that user's entries on every instance
 * (db/change-feed.ts, drizzle/0016): entries then live this long, a safety net rather than the means of freshness.
 */
export const FED_CACHE_TTL_MS = 60_000;
/** A read slower than this is not cached (its ticket's invalidations may have been pruned). */
const MAX_READ_MS = 30_000;
const MAX_ENTRIES = 50_000;

interface SessionEntry {
  userId: string;
  expiresAt: Date;
  cachedAt: number;
}
interface UserEntry {
  user: UserRow;
  cachedAt: number;
  sessions: Set<string>;
}

/** Taken before a database read whose answer may be cached: see `SessionCache.begin`. */
export interface ReadTicket {
  readonly startedAt: number;
}

/**
 * Per-process cache of what every signed-in request reads first: session → user. It also decides when anything
 * cached per user goes stale, for itself and for the per-user caches attached to it (`attach`: user-state keeps the
 * user's state there, decision 031), which it drops with the user.
 *
 * Freshness: any state-changing request in this process drops its user's entries before its answer leaves
 * (plugins/session.ts); logout drops its session. With a change feed (`feedState(true)`), each committed change to
 * a user's rows — by any instance, job or webhook — drops that user's entries when its notification arrives, and a
 * read that was in flight when it arrived is not cached (`begin` / the ticket), so an answer read before the change
 * cannot be cached after it. While the feed is down nothing is cached. Without a feed, entries live
 * SESSION_CACHE_TTL_MS and attached caches keep nothing.
 */
export class SessionCache {
  private readonly sessions = new Map<string, SessionEntry>();
  private readonly users = new Map<string, UserEntry>();
  /** When each user was last invalidated (performance.now()), kept MAX_READ_MS for the tickets in flight. */
  private readonly invalidated = new Map<string, number>();
  private clearedAt = -Infinity;
  private fed: 'none' | 'up' | 'down' = 'none';
  private readonly attached: UserValueCache<unknown>[] = [];

  constructor(private readonly baseTtlMs: number = SESSION_CACHE_TTL_MS) {}

  /** Reported by the change feed: up (notifications flow) or down (they may be missed). */
  feedState(up: boolean): void {
    this.fed = up ? 'up' : 'down';
    this.clear();
  }

  /** Whether a change made elsewhere reaches this cache (attached caches keep values only then). */
  get live(): boolean {
    return this.fed === 'up' && this.baseTtlMs > 0;
  }

  private get ttlMs(): number {
    if (this.fed === 'down') return 0;
    if (this.fed === 'up' && this.baseTtlMs > 0) return FED_CACHE_TTL_MS;
    return this.baseTtlMs;
  }

  private fresh(cachedAt: number): boolean {
    return performance.now() - cachedAt < this.ttlMs;
  }

  /** Call before a read whose answer you mean to cache; pass the ticket to the setter. */
  begin(): ReadTicket {
    return { startedAt: performance.now() };
  }

  private stale(ticket: ReadTicket, userId: string): boolean {
    const at = this.invalidated.get(userId);
    return (
      this.ttlMs <= 0 ||
      ticket.startedAt <= this.clearedAt ||
      (at !== undefined && at >= ticket.startedAt) ||
      performance.now() - ticket.startedAt > MAX_READ_MS
    );
  }

  /** The cached session, while fresh and not expired (app time). */
  get(id: string, now: Date): { user: UserRow; expiresAt: Date } | undefined {
    const s = this.sessions.get(id);
    if (!s) return undefined;
    if (!this.fresh(s.cachedAt) || s.expiresAt <= now) {
      this.sessions.delete(id);
      return undefined;
    }
    const u = this.users.get(s.userId);
    if (!u || !this.fresh(u.cachedAt)) return undefined;
    return { user: u.user, expiresAt: s.expiresAt };
  }

  set(ticket: ReadTicket, id: string, user: UserRow, expiresAt: Date): void {
    if (this.stale(ticket, user.id)) return;
    const now = performance.now();
    bounded(this.sessions);
    this.sessions.set(id, { userId: user.id, expiresAt, cachedAt: now });
    const u = this.users.get(user.id);
    if (u && this.fresh(u.cachedAt)) {
      u.user = user;
      u.sessions.add(id);
    } else {
      bounded(this.users);
      this.users.set(user.id, { user, cachedAt: now, sessions: new Set([id]) });
    }
  }

  extend(id: string, expiresAt: Date): void {
    const e = this.sessions.get(id);
    if (e) e.expiresAt = expiresAt;
  }

  /**
   * A per-user cache whose values this cache keeps fresh: one value per user for one key (e.g. their local date),
   * kept only while a change feed is up and while the user's own entry is (made by the session lookup of the same
   * request), dropped with the user (forgetUser, a notification) and never set from a read that a change overtook
   * (the ticket).
   */
  attach<V>(): UserValueCache<V> {
    const c = new UserValueCache<V>({
      live: () => this.live,
      fresh: (at) => this.fresh(at),
      stale: (t, id) => this.stale(t, id),
      cached: (id) => {
        const u = this.users.get(id);
        return !!u && this.fresh(u.cachedAt);
      },
    });
    this.attached.push(c as UserValueCache<unknown>);
    return c;
  }

  forgetSession(id: string): void {
    const s = this.sessions.get(id);
    this.sessions.delete(id);
    if (s) this.users.get(s.userId)?.sessions.delete(id);
  }

  /** Drops everything cached for this user (and makes reads in flight for them uncacheable). */
  forgetUser(userId: string): void {
    const now = performance.now();
    this.invalidated.set(userId, now);
    if (this.invalidated.size > MAX_ENTRIES) {
      for (const [id, at] of this.invalidated) if (now - at > MAX_READ_MS) this.invalidated.delete(id);
    }
    for (const c of this.attached) c.drop(userId);
    const u = this.users.get(userId);
    if (!u) return;
    for (const id of u.sessions) this.sessions.delete(id);
    this.users.delete(userId);
  }

  clear(): void {
    this.clearedAt = performance.now();
    this.sessions.clear();
    this.users.clear();
    this.invalidated.clear();
    for (const c of this.attached) c.dropAll();
  }
}

/** See `SessionCache.attach`. */
export class UserValueCache<V> {
  private readonly entries = new Map<string, { key: string; value: V; cachedAt: number }>();

  constructor(
    private readonly rules: {
      live(): boolean;
      fresh(cachedAt: number): boolean;
      stale(ticket: ReadTicket, userId: string): boolean;
      /** Whether the user's own entry is cached (values live with it). */
      cached(userId: string): boolean;
    },
  ) {}

  /** The user's value for `key`, when live and fresh. */
  get(userId: string, key: string): V | undefined {
    if (!this.rules.live()) return undefined;
    const e = this.entries.get(userId);
    if (!e || e.key !== key || !this.rules.fresh(e.cachedAt)) return undefined;
    return e.value;
  }

  /** Keeps the value read under `ticket` (taken before the read), unless a change overtook it. */
  set(ticket: ReadTicket, userId: string, key: string, value: V): void {
    if (!this.rules.live() || this.rules.stale(ticket, userId) || !this.rules.cached(userId)) return;
    bounded(this.entries);
    this.entries.set(userId, { key, value, cachedAt: performance.now() });
  }

  drop(userId: string): void {
    this.entries.delete(userId);
  }

  dropAll(): void {
    this.entries.clear();
  }
}

/** Keeps a map under MAX_ENTRIES by dropping its oldest entry (a Map iterates in insertion order). */
function bounded(map: Map<string, unknown>): void {
  if (map.size < MAX_ENTRIES) return;
  const oldest = map.keys().next();
  if (!oldest.done) map.delete(oldest.value);
}
