import type { AuditEntry } from '@cairn/shared/audit.schemas';
import { describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { auditSentence } from './use-audit-sentence.ts';

const t = i18n.getFixedT('en', ['audit', 'users']);
const WHEN = 'November 26, 2026 09:15am';

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
  details: {},
  ...patch,
});

describe('an audit entry in one line', () => {
  it('names who, what, whose and when', () => {
    expect(auditSentence(entry({}), t, WHEN)).toBe(
      `Coordinator Ana Smith read the plan of client #1234 on ${WHEN}`,
    );
    expect(auditSentence(entry({ action: 'reveal', record_kind: 'client' }), t, WHEN)).toBe(
      `Coordinator Ana Smith revealed the SIN of client #1234 on ${WHEN}`,
    );
    expect(
      auditSentence(entry({ action: 'update', record_kind: 'user', client_id: null, role_id: 1 }), t, WHEN),
    ).toBe(`Admin Ana Smith changed the account of user #55 on ${WHEN}`);
  });

  it('counts a list, says who was not signed in, and marks a refusal', () => {
    const list = entry({
      record_kind: 'client',
      record_id: null,
      client_id: null,
      details: { client_ids: [1, 2] },
    });
    expect(auditSentence(list, t, WHEN)).toBe(`Coordinator Ana Smith listed 2 clients on ${WHEN}`);
    const anonymous = entry({ user_id: null, user_name: null, role_id: null, outcome: 'refused' });
    expect(auditSentence(anonymous, t, WHEN)).toBe(
      `Someone not signed in read the plan of client #1234 on ${WHEN} (refused)`,
    );
  });
});
