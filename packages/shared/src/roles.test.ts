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

  it('gives My work to Coordinators only, the only role with clients of their own', () => {
    const roles = [ROLE.admin, ROLE.coordinator, ROLE.reporter];
    expect(roles.map((r) => can(r, 'work.own'))).toEqual([false, true, false]);
    expect(roles.map((r) => can(r, 'nav.myWork'))).toEqual([false, true, false]);
  });

  it('allows nothing without a role', () => {
    expect(can(null, 'nav.reports')).toBe(false);
    expect(can(99, 'nav.reports')).toBe(false);
  });

  it('keeps the data rights apart from navigation: cases for Admins and Coordinators, every centre for Admins', () => {
    const roles = [ROLE.admin, ROLE.coordinator, ROLE.reporter];
    expect(roles.map((r) => can(r, 'cases.read'))).toEqual([true, true, false]);
    expect(roles.map((r) => can(r, 'cases.write'))).toEqual([true, true, false]);
    expect(roles.map((r) => can(r, 'cases.allCentres'))).toEqual([true, false, false]);
    expect(roles.map((r) => can(r, 'catalogue.read'))).toEqual([true, true, true]);
    expect(roles.map((r) => can(r, 'catalogue.manage'))).toEqual([true, false, false]);
    expect(roles.map((r) => can(r, 'groups.manage'))).toEqual([false, true, false]);
    expect(roles.map((r) => can(r, 'groups.read'))).toEqual([true, true, false]);
  });
});
