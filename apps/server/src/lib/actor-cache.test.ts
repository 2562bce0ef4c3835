import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActorCache, type ActorChange, type ActorNotices } from './actor-cache.ts';

const actor = { userId: 7, roleId: 2, centreId: 1, tokenVersion: 3, locale: 'en' };

afterEach(() => vi.useRealTimers());

/** Notices that record what is sent, and are heard or not as the test says. */
function recordingNotices() {
  const sent: ActorChange[] = [];
  let heard = true;
  const notices: ActorNotices = {
    publish: async (change) => void sent.push(change),
    listening: () => heard,
    close: async () => {},
  };
  return { notices, sent, setHeard: (h: boolean) => (heard = h) };
}

describe('actor cache', () => {
  it('answers for the same user and token version within the time to live only', () => {
    vi.useFakeTimers();
    const cache = createActorCache({ ttlMs: 5000 });
    cache.set(11, actor, cache.stamp());
    expect(cache.get(11, 7, 3)).toMatchObject(actor);
    expect(cache.get(11, 7, 4)).toBeUndefined();
    expect(cache.get(11, 8, 3)).toBeUndefined();
    vi.advanceTimersByTime(5000);
    expect(cache.get(11, 7, 3)).toBeUndefined();
  });

  it('forgets every session of a user, or one session, at once, and tells the other processes', async () => {
    const { notices, sent } = recordingNotices();
    const cache = createActorCache({ notices });
    cache.set(11, actor, cache.stamp());
    cache.set(12, actor, cache.stamp());
    cache.set(13, { ...actor, userId: 8 }, cache.stamp());
    await cache.forgetSession(11);
    expect(cache.get(11, 7, 3)).toBeUndefined();
    expect(cache.get(12, 7, 3)).toBeDefined();
    await cache.forget(7);
    expect(cache.get(12, 7, 3)).toBeUndefined();
    expect(cache.get(13, 8, 3)).toBeDefined();
    expect(sent).toEqual([{ sessionId: 11 }, { userId: 7 }]);
  });

  it('does not keep a look-up that started before a change', () => {
    const cache = createActorCache();
    const stamp = cache.stamp();
    cache.apply({ userId: 7 });
    cache.set(11, actor, stamp);
    expect(cache.get(11, 7, 3)).toBeUndefined();
  });

  it('keeps entries a short time while changes made elsewhere are not heard', () => {
    vi.useFakeTimers();
    const { notices, setHeard } = recordingNotices();
    const cache = createActorCache({ ttlMs: 5000, fallbackTtlMs: 500, notices });
    cache.set(11, actor, cache.stamp());
    vi.advanceTimersByTime(600);
    expect(cache.get(11, 7, 3)).toBeDefined();
    setHeard(false);
    expect(cache.get(11, 7, 3)).toBeUndefined();
  });

  it('keeps at most the given number of sessions, dropping the oldest', () => {
    const cache = createActorCache({ maxEntries: 2 });
    cache.set(1, actor, cache.stamp());
    cache.set(2, actor, cache.stamp());
    cache.set(3, actor, cache.stamp());
    expect(cache.get(1, 7, 3)).toBeUndefined();
    expect(cache.get(2, 7, 3)).toBeDefined();
    expect(cache.get(3, 7, 3)).toBeDefined();
  });
});
