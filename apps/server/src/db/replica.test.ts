import { describe, expect, it } from 'vitest';
import { stateOf } from './replica.ts';

/** The freshness rule (db/replica.ts) on a check's row; the real standby: test/integration/replica.test.ts. */
const row = {
  recovery: true,
  streaming: true,
  caught_up: false,
  since_replay: 12.5,
  replayed_at: '2026-11-27T15:42:10.000Z',
  now: '2026-11-27T15:42:22.500Z',
};

describe('the read replica: its freshness', () => {
  it('is as of now with no lag when it has replayed all it received and streams', () => {
    expect(stateOf({ ...row, caught_up: true }, 60)).toEqual({
      state: 'ok',
      lagSeconds: 0,
      asOf: new Date(row.now),
    });
  });

  it('is as of its last replayed commit otherwise, and serves up to the maximum lag only', () => {
    expect(stateOf(row, 60)).toEqual({ state: 'ok', lagSeconds: 12.5, asOf: new Date(row.replayed_at) });
    expect(stateOf(row, 12)).toMatchObject({ state: 'lagging', lagSeconds: 12.5 });
    // Behind, and nothing replayed since it started: its freshness is unknown.
    expect(stateOf({ ...row, since_replay: null, replayed_at: null }, 60)).toMatchObject({
      state: 'lagging',
    });
  });

  it('serves nothing when it is no standby, or does not stream, however fresh it looks', () => {
    expect(stateOf({ ...row, caught_up: true, recovery: false }, 60).state).toBe('not_streaming');
    expect(stateOf({ ...row, caught_up: true, streaming: false }, 60).state).toBe('not_streaming');
  });
});
