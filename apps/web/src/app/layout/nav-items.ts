import { can, type Capability } from '@cairn/shared/roles';
import { useSession, roleOf } from '../../lib/session.ts';

export interface NavItem {
  key: string;
  to: string;
  /** Paths that belong to this item, so the item stays marked on its detail pages. */
  prefixes: readonly string[];
}

const MAIN_ITEMS: ReadonlyArray<NavItem & { capability: Capability }> = [
  { key: 'myWork', to: '/my-work', prefixes: ['/my-work'], capability: 'nav.myWork' },
  { key: 'clients', to: '/clients', prefixes: ['/clients', '/client/'], capability: 'nav.clients' },
  { key: 'groups', to: '/groups', prefixes: ['/groups', '/group/'], capability: 'nav.groups' },
  { key: 'reports', to: '/reports', prefixes: ['/reports'], capability: 'nav.reports' },
  { key: 'documents', to: '/documents', prefixes: ['/documents'], capability: 'nav.documents' },
];

const SETTINGS_ITEMS: readonly NavItem[] = [
  { key: 'users', to: '/users', prefixes: ['/users', '/user/create'] },
  { key: 'centres', to: '/centres', prefixes: ['/centres', '/centre/'] },
  { key: 'mappings', to: '/mappings', prefixes: ['/mappings', '/mapping/'] },
  { key: 'audit', to: '/audit', prefixes: ['/audit'] },
];

export function isActive(item: NavItem, pathname: string): boolean {
  return item.prefixes.some((prefix) =>
    prefix.endsWith('/') ? pathname.startsWith(prefix) : pathname === prefix,
  );
}

export type Navigation = ReturnType<typeof useNavigation>;

/** What the top navigation shows for the signed-in user's role (spec §6 table). */
export function useNavigation() {
  const current = useSession();
  const role = roleOf(current?.user);
  return {
    user: current?.user ?? null,
    main: MAIN_ITEMS.filter((item) => can(role, item.capability)),
    settings: can(role, 'nav.settings') ? SETTINGS_ITEMS : [],
    clientSearch: can(role, 'nav.clientSearch'),
    clientInteraction: can(role, 'nav.clientInteraction'),
  };
}
