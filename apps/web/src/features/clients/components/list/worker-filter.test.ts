import { describe, expect, it } from 'vitest';
import { workerChoiceOf, workerIdOf, workerQuery } from './worker-filter.ts';

describe('the client list’s worker filter in the address', () => {
  it('reads me, none, all and a plain id, and falls back to the default otherwise', () => {
    expect(workerChoiceOf('me', 'all')).toBe('me');
    expect(workerChoiceOf('none', 'me')).toBe('none');
    expect(workerChoiceOf('all', 'me')).toBe('all');
    expect(workerChoiceOf('42', 'me')).toBe('42');
    for (const bad of [null, '', 'ME', '0', '01', '1e3', '-1', '12345678901', 'x'])
      expect(workerChoiceOf(bad, 'me'), String(bad)).toBe('me');
  });

  it('asks the API for the same, every client being no filter', () => {
    expect(workerQuery('all')).toEqual({});
    expect(workerQuery('me')).toEqual({ worker: 'me' });
    expect(workerQuery('none')).toEqual({ worker: 'none' });
    expect(workerQuery('42')).toEqual({ worker: 42 });
  });

  it('names the worker whose clients are listed', () => {
    expect(workerIdOf('me', 7)).toBe(7);
    expect(workerIdOf('42', 7)).toBe(42);
    expect(workerIdOf('none', 7)).toBeNull();
    expect(workerIdOf('all', 7)).toBeNull();
  });
});
