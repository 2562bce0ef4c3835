import { describe, expect, it } from 'vitest';
import {
  addMember,
  chosenMembersOf,
  hasMember,
  memberRefs,
  removeMember,
  sameMembers,
  type ChosenMember,
} from './member-list.ts';

const ada: ChosenMember = { client_id: 1, name: 'Ada Bird' };
const ben: ChosenMember = { client_id: 2, name: 'Ben Crow' };

describe('the member list', () => {
  it('adds a client at the end, and a client already on it only once', () => {
    const list = addMember(addMember([], ada), ben);
    expect(list).toEqual([ada, ben]);
    expect(addMember(list, { client_id: 1, name: 'Ada Bird (again)' })).toEqual([ada, ben]);
    expect(hasMember(list, 2)).toBe(true);
  });

  it('removes a client', () => {
    expect(removeMember([ada, ben], 1)).toEqual([ben]);
    expect(removeMember([ada], 9)).toEqual([ada]);
  });

  it('is sent as client ids only (spec §5)', () => {
    expect(memberRefs([ada, ben])).toEqual([{ client_id: 1 }, { client_id: 2 }]);
  });

  it('compares lists by their clients, not their order', () => {
    expect(sameMembers([ada, ben], [ben, ada])).toBe(true);
    expect(sameMembers([ada], [ada, ben])).toBe(false);
    expect(sameMembers([ada], [ben])).toBe(false);
  });

  it('holds the group members by their full names', () => {
    expect(
      chosenMembersOf([
        { client_id: 3, first_name: 'Cy', last_name: 'Dove', full_name: 'Cy Dove', date_of_birth: null },
      ]),
    ).toEqual([{ client_id: 3, name: 'Cy Dove' }]);
  });
});
