import type { User } from '@cairn/shared/users.schemas';
import { useSyncExternalStore } from 'react';

/** The signed-in session of spec §3, kept in localStorage so every tab shares it. */
export interface Session {
  accessToken: string;
  refreshToken: string;
  user: User;
}

const KEY = 'cairn.session';
const listeners = new Set<() => void>();
let current: Session | null = read();
/** The user whose session expired (rather than ended by a logout), until the next session starts. */
let expiredUserId: number | null = null;

function read(): Session | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Session) : null;
  } catch {
    return null;
  }
}

function emit() {
  for (const l of listeners) l();
}

function write(next: Session | null, expired: number | null) {
  current = next;
  expiredUserId = expired;
  if (next) localStorage.setItem(KEY, JSON.stringify(next));
  else localStorage.removeItem(KEY);
  emit();
}

// Another tab signed in or out.
window.addEventListener('storage', (e) => {
  if (e.key === KEY) {
    current = read();
    expiredUserId = null;
    emit();
  }
});

export const session = {
  get: () => current,
  set(next: Session | null) {
    write(next, null);
  },
  update(patch: Partial<Session>) {
    if (current) session.set({ ...current, ...patch });
  },
  /**
   * The session as stored now: another tab may have changed it (a refresh) before this tab heard
   * of it through the storage event.
   */
  reload(): Session | null {
    const stored = read();
    if (JSON.stringify(stored) !== JSON.stringify(current)) {
      current = stored;
      emit();
    }
    return current;
  },
  /** Ends the session because the server would not renew it (spec §4): not a logout. */
  expire() {
    write(null, current?.user.user_id ?? null);
  },
  /** Whose session expired, while nobody has signed in since. */
  expiredUser: () => expiredUserId,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSession(): Session | null {
  return useSyncExternalStore(session.subscribe, session.get);
}

/** The signed-in user's first role (spec §6: the first role is used). */
export function roleOf(user: User | null | undefined): number | null {
  return user?.roles[0]?.role_id ?? null;
}
