import { describe, expect, it } from 'vitest';
import { can, ROLE } from './roles.ts';

describe('capability matrix (spec §6)', () => {
  it('gives the settings menu and the ministry report to Admins only', () => {
    expect(can(ROLE.admin, 'nav.settings')).toBe(true);
    expect(can(ROLE.coordinator, 'nav.settings')).toBe(false);
    expect(can(ROLE.reporter, 'nav.settings')).toBe(false);
    expect(can(ROLE.admin, 'reports.ministry')).toBe(true);
    expect(can(ROLE.coordinator, 'reports.ministry')).toBe(false);
  });

  it('shows Groups to Coordinators only, and Clients to Admins and Coordinators', () => {
    expect([ROLE.admin, ROLE.coordinator, ROLE.reporter].map((r) => can(r, 'nav.groups'))).toEqual([
      false,
      true,
      false,
    ]);
    expect([ROLE.admin, ROLE.coordinator, ROLE.reporter].map((r) => can(r, 'nav.clients'))).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('hides the New Client button for role 1', () => {
    expect(can(ROLE.admin, 'clients.create')).toBe(false);
    expect(can(ROLE.coordinator, 'clients.create')).toBe(true);
  });

  it('allows nothing without a role', () => {
    expect(can(null, 'nav.reports')).toBe(false);
    expect(can(99, 'nav.reports')).toBe(false);
  });
});
