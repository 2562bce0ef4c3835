/** Roles of spec §6 and the capability matrix every check is derived from. */
export const ROLE = { admin: 1, coordinator: 2, reporter: 3 } as const;
export type RoleId = (typeof ROLE)[keyof typeof ROLE];
export const ROLE_IDS = [ROLE.admin, ROLE.coordinator, ROLE.reporter] as const;

export const ROLE_TITLES: Record<RoleId, string> = {
  1: 'Admin',
  2: 'Coordinator',
  3: 'Reporter',
};

export function isRoleId(value: number): value is RoleId {
  return (ROLE_IDS as readonly number[]).includes(value);
}

export type Capability =
  | 'nav.clients'
  | 'nav.groups'
  | 'nav.reports'
  | 'nav.documents'
  | 'nav.clientSearch'
  | 'nav.clientInteraction'
  | 'nav.settings'
  | 'reports.dashboards'
  | 'reports.ministry'
  | 'reports.chooseCentre'
  | 'help.gettingStarted'
  | 'help.clientManagement'
  | 'help.planManagement'
  | 'help.reporting'
  | 'help.admin'
  | 'clients.create'
  | 'clients.seeAllCentres'
  | 'users.manage'
  | 'centres.manage'
  | 'mappings.manage';

const MATRIX: Record<Capability, readonly RoleId[]> = {
  'nav.clients': [1, 2],
  'nav.groups': [2],
  'nav.reports': [1, 2, 3],
  'nav.documents': [1, 2],
  'nav.clientSearch': [1, 2],
  'nav.clientInteraction': [1, 2],
  'nav.settings': [1],
  'reports.dashboards': [1, 2, 3],
  'reports.ministry': [1],
  'reports.chooseCentre': [1, 3],
  'help.gettingStarted': [1, 2],
  'help.clientManagement': [1, 2],
  'help.planManagement': [1, 2],
  'help.reporting': [1, 2, 3],
  'help.admin': [1],
  // Spec §6: the New Client button is hidden for role 1.
  'clients.create': [2],
  'clients.seeAllCentres': [1],
  'users.manage': [1],
  'centres.manage': [1],
  'mappings.manage': [1],
};

export function can(roleId: number | null | undefined, capability: Capability): boolean {
  return roleId != null && (MATRIX[capability] as readonly number[]).includes(roleId);
}
