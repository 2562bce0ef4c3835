import { HOME_PAGES, type HomePage } from '@cairn/shared/my-work.schemas';
import type { User } from '@cairn/shared/users.schemas';
import type { PreferenceChange } from '../access/my-work.policy.ts';

/** A user's own choices as the User answers them: the home page (null: the role's) and the weekly email. */
export function preferencesOf(row: { home: string | null; digest: boolean }): Pick<User, 'home' | 'digest'> {
  const home = HOME_PAGES.find((h) => h === row.home) ?? null;
  return { home, digest: row.digest };
}

/** The columns a PUT /users/{id} writes for the preferences it sends (none when it sends none). */
export function preferenceValues(change: PreferenceChange): { home?: HomePage | null; digest?: boolean } {
  return {
    ...(change.home !== undefined ? { home: change.home } : {}),
    ...(change.digest !== undefined ? { digest: change.digest } : {}),
  };
}
