import { describe, expect, it } from 'vitest';
import { changesOf, nameOf } from './audit-changes.service.ts';

describe("an update's changes", () => {
  it('keeps only the fields that changed, by API name, without bookkeeping or secrets', () => {
    const before = {
      user_id: 4,
      first_name: 'Casey',
      role_id: 2,
      centre_id: 1,
      password_hash: 'old',
      token_version: 1,
      updated_at: '2026-01-01T00:00:00Z',
    };
    const after = {
      ...before,
      role_id: 3,
      centre_id: null,
      password_hash: 'new',
      token_version: 2,
      updated_at: 'now',
    };
    expect(changesOf('users', before, after)).toEqual([
      { field: 'role', before: 2, after: 3 },
      { field: 'centre', before: 1, after: null },
    ]);
  });

  it('says the SIN changed without either value, nor its hash or last digits', () => {
    const before = {
      client_id: 1,
      phone: null,
      sin_encrypted: 'v1:aaa',
      sin_hash: 'h1',
      sin_last3: '544',
      search_text: 'a',
    };
    const after = {
      client_id: 1,
      phone: '555-0199',
      sin_encrypted: 'v1:bbb',
      sin_hash: 'h2',
      sin_last3: '787',
      search_text: 'b',
    };
    expect(changesOf('clients', before, after)).toEqual([
      { field: 'phone', before: null, after: '555-0199' },
      { field: 'sin', before: null, after: null, masked: true },
    ]);
  });

  it('has none without both rows', () => {
    expect(changesOf('clients', null, { phone: '1' })).toEqual([]);
  });
});

describe("a record's name", () => {
  it('is a person’s full name, else the record’s own name', () => {
    expect(nameOf('client', { first_name: 'Jane', last_name: 'Doe' })).toBe('Jane Doe');
    expect(nameOf('user', { first_name: 'Casey', last_name: ' ' })).toBe('Casey');
    expect(nameOf('centre', { name: 'North' })).toBe('North');
    expect(nameOf('note', { topic: 'x' })).toBeNull();
  });
});
