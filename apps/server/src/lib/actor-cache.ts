/**
 * The signed-in users the auth hook has just looked up, for a few seconds, so that a busy screen
 * does not send the same user look-up to the database on every request. Changes made through this
 * process (role, centre, deletion, password) forget the user at once; a change made through
 * another instance of the server applies here within `ttlMs`.
 */
export interface CachedActor {
  roleId: number;
  centreId: number | null;
  tokenVersion: number;
}

export interface ActorCache {
  /** The user as looked up less than `ttlMs` ago, if the token carries the same version. */
  get(userId: number, tokenVersion: number): CachedActor | undefined;
  set(userId: number, actor: CachedActor): void;
  forget(userId: number): void;
}

export function createActorCache(ttlMs = 5000, maxEntries = 10_000): ActorCache {
  const entries = new Map<number, CachedActor & { at: number }>();
  return {
    get(userId, tokenVersion) {
      const e = entries.get(userId);
      if (!e || e.tokenVersion !== tokenVersion || Date.now() - e.at >= ttlMs) return undefined;
      return e;
    },
    set(userId, actor) {
      // Oldest first: Map keeps insertion order, and a refreshed entry is re-inserted.
      entries.delete(userId);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(userId, { ...actor, at: Date.now() });
    },
    forget(userId) {
      entries.delete(userId);
    },
  };
}
