import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActorCache } from './actor-cache.ts';

const actor = { roleId: 2, centreId: 1, tokenVersion: 3 };

afterEach(() => vi.useRealTimers());

describe('actor cache', () => {
  it('answers for the same token version within the time to live only', () => {
    vi.useFakeTimers();
    const cache = createActorCache(5000);
    cache.set(7, actor);
    expect(cache.get(7, 3)).toMatchObject(actor);
    expect(cache.get(7, 4)).toBeUndefined();
    vi.advanceTimersByTime(5000);
    expect(cache.get(7, 3)).toBeUndefined();
  });

  it('forgets a user at once', () => {
    const cache = createActorCache();
    cache.set(7, actor);
    cache.forget(7);
    expect(cache.get(7, 3)).toBeUndefined();
  });

  it('keeps at most the given number of users, dropping the oldest', () => {
    const cache = createActorCache(5000, 2);
    cache.set(1, actor);
    cache.set(2, actor);
    cache.set(3, actor);
    expect(cache.get(1, 3)).toBeUndefined();
    expect(cache.get(2, 3)).toBeDefined();
    expect(cache.get(3, 3)).toBeDefined();
  });
});
