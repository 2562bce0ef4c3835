/**
 * The signed-in sessions the auth hook has just looked up (user, role, centre, token version),
 * so that a busy screen does not send the same look-up to the database on every request.
 *
 * A change to a user (role, centre, deletion, password) or a session (sign-out, a reused refresh
 * token) forgets the entries here at once and, through `notices` (PostgreSQL LISTEN/NOTIFY,
 * lib/change-notices.ts), in every other process of the server within a second. Entries live
 * `ttlMs` while the notices are heard; while they are not (the listening connection is down, or
 * not up yet), only `fallbackTtlMs`, so a change made elsewhere still applies within a second. When
 * the notices come back, everything is forgotten: some may have been missed meanwhile.
 */
export interface CachedActor {
  userId: number;
  roleId: number;
  centreId: number | null;
  tokenVersion: number;
  /** The user's language (issue 34): what the server's messages to them are worded in. */
  locale: string;
}

/** What changed: a user's standing (all their sessions), or one session. */
export type ActorChange = { userId: number } | { sessionId: number };

/** How changes reach the other processes (none on PGlite: one process only). */
export interface ActorNotices {
  /** Sends a change to every process, this one included. */
  publish(change: ActorChange): Promise<void>;
  /** Whether changes made elsewhere are being heard right now. */
  listening(): boolean;
  close(): Promise<void>;
}

export interface ActorCache {
  /** The session as looked up recently, if the token carries the same user and version. */
  get(sessionId: number, userId: number, tokenVersion: number): CachedActor | undefined;
  /** Taken before a look-up and given to `set`: a look-up older than a change is not kept. */
  stamp(): number;
  set(sessionId: number, actor: CachedActor, stamp: number): void;
  /** Forgets the user's sessions here, then tells every other process. */
  forget(userId: number): Promise<void>;
  /** Forgets one session here, then tells every other process. */
  forgetSession(sessionId: number): Promise<void>;
  /** Applies a change heard from another process (or this one). */
  apply(change: ActorChange): void;
  /** Forgets everything (notices were missed). */
  clear(): void;
  close(): Promise<void>;
}

export interface ActorCacheOptions {
  ttlMs?: number;
  /** The lifetime while changes made elsewhere are not heard. */
  fallbackTtlMs?: number;
  maxEntries?: number;
  notices?: ActorNotices;
}

export function createActorCache({
  ttlMs = 5000,
  fallbackTtlMs = 500,
  maxEntries = 10_000,
  notices,
}: ActorCacheOptions = {}): ActorCache {
  const entries = new Map<number, CachedActor & { at: number }>();
  // Raised by every change: a look-up that started before it may have read what it changed.
  let changes = 0;
  const lifetime = () => (!notices || notices.listening() ? ttlMs : fallbackTtlMs);

  const cache: ActorCache = {
    get(sessionId, userId, tokenVersion) {
      const e = entries.get(sessionId);
      if (!e || e.userId !== userId || e.tokenVersion !== tokenVersion) return undefined;
      if (Date.now() - e.at >= lifetime()) return undefined;
      return e;
    },
    stamp: () => changes,
    set(sessionId, actor, stamp) {
      if (stamp !== changes) return;
      // Oldest first: Map keeps insertion order, and a refreshed entry is re-inserted.
      entries.delete(sessionId);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(sessionId, { ...actor, at: Date.now() });
    },
    async forget(userId) {
      cache.apply({ userId });
      await notices?.publish({ userId });
    },
    async forgetSession(sessionId) {
      cache.apply({ sessionId });
      await notices?.publish({ sessionId });
    },
    apply(change) {
      changes++;
      if ('sessionId' in change) {
        entries.delete(change.sessionId);
        return;
      }
      for (const [sessionId, e] of entries) if (e.userId === change.userId) entries.delete(sessionId);
    },
    clear() {
      changes++;
      entries.clear();
    },
    close: async () => notices?.close(),
  };
  return cache;
}
