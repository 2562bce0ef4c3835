import { describe, expect, it } from 'vitest';
import { USER_LIST_CODEC, userQueryOf, type UserListParams } from './use-user-list-params.ts';

const paged = { page: 1, per_page: 25, s: '' };
const parse = (query: string) => USER_LIST_CODEC.parse(new URLSearchParams(query), paged);

describe('the users list in the address', () => {
  it('reads the role, centre (-1: none) and status, and drops what it does not know', () => {
    expect(parse('role=2&centre=-1&status=inactive')).toMatchObject({
      role: 2,
      centre: -1,
      status: 'inactive',
    });
    expect(parse('role=9&centre=-4&status=gone')).toMatchObject({ role: null, centre: null, status: null });
    expect(parse('centre=12')).toMatchObject({ centre: 12 });
  });

  it('writes only the filters chosen, and asks the server for the same', () => {
    const params: UserListParams = { ...paged, s: 'ada', role: 3, centre: null, status: 'active' };
    const query = new URLSearchParams();
    USER_LIST_CODEC.serialise(params, query);
    expect(query.toString()).toBe('role=3&status=active');
    expect(userQueryOf(params)).toEqual({ s: 'ada', role: 3, status: 'active' });
  });
});
