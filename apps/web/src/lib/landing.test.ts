import { describe, expect, it, vi } from 'vitest';
import type { User } from '@cairn/shared/users.schemas';
import { landingPath, returnPath, returnPathFor } from './landing.ts';

// The session module, which landing.ts reads roles through, listens to other tabs at load.
vi.hoisted(() => {
  vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => {}, removeItem: () => {} });
  vi.stubGlobal('window', new EventTarget());
});

describe('the page sign-in returns to', () => {
  it('is an in-app page, never another origin, the root or a login route', () => {
    expect(returnPath('/client/3/plan/5?tab=notes')).toBe('/client/3/plan/5?tab=notes');
    for (const from of [
      '//evil.example/x',
      'https://evil.example/',
      '/',
      '/login',
      '/login/forgot',
      '/login?x=1',
      7,
    ])
      expect(returnPath(from)).toBeNull();
  });

  it('after an expired session, is the page the same user was on; anyone else starts on their landing page', () => {
    const state = { from: '/client/3/plan/5?tab=notes', user: 7 };
    expect(returnPathFor(state, 7)).toBe('/client/3/plan/5?tab=notes');
    expect(returnPathFor(state, 8)).toBeNull();
  });

  it('for a visitor who arrived signed out, is the page asked for, whoever signs in', () => {
    expect(returnPathFor({ from: '/users' }, 8)).toBe('/users');
    expect(returnPathFor({ from: '//evil.example' }, 8)).toBeNull();
    expect(returnPathFor(undefined, 8)).toBeNull();
    expect(returnPathFor(null, 8)).toBeNull();
  });
});

describe('the landing page', () => {
  const user = (role_id: number, home: User['home'] = null) =>
    ({ user_id: 4, roles: [{ role_id, title: '' }], home }) as unknown as User;

  it("is My work for a Coordinator on a large screen, the spec's pages otherwise", () => {
    expect(landingPath(user(2), false)).toBe('/my-work');
    expect(landingPath(user(2), true)).toBe('/interaction');
    expect(landingPath(user(1), false)).toBe('/clients');
    expect(landingPath(user(3), false)).toBe('/reports');
    expect(landingPath(user(3), true)).toBe('/user/4');
  });

  it('is the home the user chose, when their role has it', () => {
    expect(landingPath(user(2, 'clients'), false)).toBe('/clients');
    expect(landingPath(user(2, 'my_work'), true)).toBe('/my-work');
    expect(landingPath(user(1, 'my_work'), false)).toBe('/clients');
    expect(landingPath(user(3, 'clients'), false)).toBe('/reports');
  });
});
