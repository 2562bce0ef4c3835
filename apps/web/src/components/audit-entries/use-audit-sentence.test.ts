import type { AuditEntry } from '@cairn/shared/audit.schemas';
import { describe, expect, it } from 'vitest';
import { formatsFor } from '../../lib/formats.ts';
import i18n from '../../lib/i18n.ts';
import { auditSentence } from './use-audit-sentence.ts';

const t = i18n.getFixedT('en', ['audit', 'users', 'api-errors']);
const fmt = formatsFor('en-CA');

const entry = (patch: Partial<AuditEntry>): AuditEntry => ({
  seq: 1,
  at: '2026-11-26T14:15:00.000Z',
  user_id: 7,
  user_name: 'Ana Smith',
  role_id: 2,
  action: 'read',
  record_kind: 'plan',
  record_id: 55,
  client_id: 1234,
  address: '127.0.0.1',
  user_agent: null,
  outcome: 'allowed',
  record_name: 'Jane Doe',
  changes: null,
  reason: null,
  details: {},
  ...patch,
});
const say = (patch: Partial<AuditEntry>) => auditSentence(entry(patch), t, fmt);

describe('an audit entry in one line', () => {
  it('names who and what by its name, never the moment (the When column says it)', () => {
    expect(say({})).toBe(`Coordinator Ana Smith read Jane Doe’s plan`);
    expect(say({ record_kind: 'client', record_id: 1234 })).toBe(
      `Coordinator Ana Smith read Jane Doe’s profile`,
    );
    expect(say({ action: 'reveal', record_kind: 'client' })).toBe(
      `Coordinator Ana Smith revealed the SIN of Jane Doe`,
    );
    expect(say({ action: 'create', record_kind: 'note' })).toBe(
      `Coordinator Ana Smith created a note for Jane Doe`,
    );
    expect(
      say({ action: 'update', record_kind: 'user', client_id: null, role_id: 1, record_name: 'Casey Jones' }),
    ).toBe(`Admin Ana Smith changed Casey Jones’s account`);
  });

  it("says a deleted client's record is a deleted client's, and a user without a name by number", () => {
    expect(say({ record_name: null })).toBe(`Coordinator Ana Smith read the plan of a deleted client`);
    expect(say({ action: 'update', record_kind: 'user', client_id: null, record_name: null })).toBe(
      `Coordinator Ana Smith changed the account of user #55`,
    );
  });

  it('words each change of an update, its values through Intl and the catalogues, the SIN without values', () => {
    expect(
      say({
        action: 'update',
        record_kind: 'client',
        changes: [{ field: 'phone', before: '555-0100', after: '555-0199' }],
      }),
    ).toBe(`Coordinator Ana Smith changed Jane Doe’s phone from 555-0100 to 555-0199`);
    expect(
      say({
        action: 'update',
        record_kind: 'client',
        changes: [
          { field: 'sin', before: null, after: null, masked: true },
          { field: 'date_of_birth', before: null, after: '1990-03-04' },
          { field: 'number_dependents', before: 1200, after: 2 },
          { field: 'consent', before: false, after: true },
        ],
      }),
    ).toBe(
      'Coordinator Ana Smith changed Jane Doe’s SIN (its value is never kept), date of birth from (empty) to ' +
        `March 4, 1990, number of dependents from 1,200 to 2 and consent from no to yes`,
    );
    expect(
      say({
        action: 'update',
        record_kind: 'user',
        client_id: null,
        record_name: 'Casey Jones',
        changes: [{ field: 'role', before: 2, after: 3 }],
      }),
    ).toBe(`Coordinator Ana Smith changed Casey Jones’s role from Coordinator to Reporter`);
    expect(
      say({
        action: 'update',
        record_kind: 'note',
        changes: [{ field: 'topic', before: 'Intake', after: 'Job' }],
      }),
    ).toBe(`Coordinator Ana Smith changed the topic of a note for Jane Doe from Intake to Job`);
  });

  it('counts a list, says who was not signed in, and words a refusal with its reason', () => {
    const list = entry({
      record_kind: 'client',
      record_id: null,
      client_id: null,
      record_name: null,
      details: { client_ids: [1, 2] },
    });
    expect(auditSentence(list, t, fmt)).toBe(`Coordinator Ana Smith listed 2 clients`);
    expect(
      say({ user_id: null, user_name: null, role_id: null, outcome: 'refused', reason: 'unauthorized' }),
    ).toBe(`Someone not signed in read Jane Doe’s plan. Refused: Please sign in to continue.`);
    expect(say({ outcome: 'refused' })).toBe(`Coordinator Ana Smith read Jane Doe’s plan (refused)`);
  });

  it('says a key rotation was Cairn’s own', () => {
    const rotation = {
      action: 'key_rotation' as const,
      user_id: null,
      user_name: null,
      role_id: null,
      record_kind: 'audit' as const,
      record_id: null,
      client_id: null,
      record_name: null,
    };
    expect(say(rotation)).toBe('Cairn began sealing the trail with a new key');
  });

  it('says a client key rotation was Cairn’s, with its counts', () => {
    expect(
      say({
        action: 'client_key_rotation',
        user_id: null,
        user_name: null,
        role_id: null,
        record_kind: null,
        record_id: null,
        client_id: null,
        record_name: null,
        details: { clients: 1200, attachments: 35 },
      }),
    ).toBe('Cairn re-encrypted 1200 SINs and 35 attachments under the current client data key');
  });
});
