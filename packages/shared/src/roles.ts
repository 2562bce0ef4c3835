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

/** What a role may see in the app's navigation and help (the web's menus and routes). */
export type NavigationCapability =
  | 'nav.clients'
  | 'nav.myWork'
  | 'nav.groups'
  | 'nav.reports'
  | 'nav.documents'
  | 'nav.clientSearch'
  | 'nav.clientInteraction'
  | 'nav.settings'
  | 'help.gettingStarted'
  | 'help.clientManagement'
  | 'help.planManagement'
  | 'help.reporting'
  | 'help.admin'
  // Spec §6: the New Client button is hidden for role 1 (a screen choice; the right is cases.write).
  | 'clients.create';

/**
 * What a role may do with data: the rights the server checks, kept apart from navigation so that
 * a menu entry never stands in for a right. Every route declares one of these.
 */
export type DataCapability =
  /** Read clients and their cases: plans and their records, interactions, stories. */
  | 'cases.read'
  /** Create, change and delete them. */
  | 'cases.write'
  /**
   * A caseload of one's own (issue 32): My work and its weekly digest. Only a Coordinator is a
   * client's worker, so only a Coordinator has one.
   */
  | 'work.own'
  /** Cases of every centre, not only the caller's own. */
  | 'cases.allCentres'
  /** Delete any client's attachment, not only those the caller uploaded (issue 15: Admins). */
  | 'attachments.deleteAny'
  /** Read the catalogue of barriers, supports and trainings. */
  | 'catalogue.read'
  /** Manage it (Mappings). */
  | 'catalogue.manage'
  /** Read groups and their members (Admins every centre's, by their scope). */
  | 'groups.read'
  /** Create, change and delete them, and run their bulk actions. */
  | 'groups.manage'
  /** Read the help centre: only the categories of the role's `help.*` capabilities (help.schemas.ts). */
  | 'help.read'
  | 'users.manage'
  | 'centres.manage'
  /** Read the audit trail (who read or changed what), and export it. */
  | 'audit.read'
  | 'reports.dashboards'
  | 'reports.ministry'
  | 'reports.chooseCentre';

export type Capability = NavigationCapability | DataCapability;

const MATRIX: Record<Capability, readonly RoleId[]> = {
  'nav.clients': [1, 2],
  'nav.myWork': [2],
  'nav.groups': [2],
  'nav.reports': [1, 2, 3],
  'nav.documents': [1, 2],
  'nav.clientSearch': [1, 2],
  'nav.clientInteraction': [1, 2],
  'nav.settings': [1],
  'help.gettingStarted': [1, 2],
  'help.clientManagement': [1, 2],
  'help.planManagement': [1, 2],
  'help.reporting': [1, 2, 3],
  'help.admin': [1],
  'clients.create': [2],
  // Spec §6: a reporting-only role never reads personal data.
  'cases.read': [1, 2],
  'cases.write': [1, 2],
  'cases.allCentres': [1],
  // A worker is an active Coordinator of the client's centre (caseloads.policy.ts): nobody else
  // has clients of their own, so My work is a Coordinator's.
  'work.own': [2],
  'attachments.deleteAny': [1],
  // The plan screens offer the catalogue and reports name it: every role reads it (no personal
  // data); Mappings manage it.
  'catalogue.read': [1, 2, 3],
  'catalogue.manage': [1],
  // Spec §6 hides Groups from Admins' navigation; they may still read any centre's groups.
  'groups.read': [1, 2],
  'groups.manage': [2],
  'help.read': [1, 2, 3],
  'users.manage': [1],
  'centres.manage': [1],
  'audit.read': [1],
  'reports.dashboards': [1, 2, 3],
  'reports.ministry': [1],
  'reports.chooseCentre': [1, 3],
};

export function can(roleId: number | null | undefined, capability: Capability): boolean {
  return roleId != null && (MATRIX[capability] as readonly number[]).includes(roleId);
}
