/**
 * Drafts of open forms, kept in the browser while the user types so that an ended session loses
 * nothing: after signing in again the form comes back with what was typed. The answers are
 * sensitive (health, Indigenous status), so drafts live in the tab's sessionStorage, which dies
 * with the tab; a SIN is never kept, and a logout clears every draft.
 */

/** Where a draft belongs: the user, the page (path and query) and the form on it. */
export interface DraftPlace {
  userId: number;
  route: string;
  /** The form's name, with the record it edits: none for a new record or a record's only form. */
  form: string;
  record: number | null;
}

/** The part of the Web Storage API the drafts use. */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

export type DraftValues = Record<string, unknown>;

const PREFIX = 'cairn.draft:';

export function draftKey({ userId, route, form, record }: DraftPlace): string {
  return PREFIX + JSON.stringify([userId, route, form, record]);
}

function placeOf(key: string): DraftPlace | null {
  if (!key.startsWith(PREFIX)) return null;
  try {
    const [userId, route, form, record] = JSON.parse(key.slice(PREFIX.length)) as unknown[];
    if (typeof userId !== 'number' || typeof route !== 'string' || typeof form !== 'string') return null;
    return { userId, route, form, record: typeof record === 'number' ? record : null };
  } catch {
    return null;
  }
}

/** A field that never goes into a draft, wherever it sits in the answers. */
const NEVER_KEPT = new Set(['sin']);

/** The answers as a draft keeps them: every field but the SIN, at any depth. */
export function keptAnswers(values: unknown): unknown {
  if (Array.isArray(values)) return values.map(keptAnswers);
  if (typeof values !== 'object' || values === null) return values;
  return Object.fromEntries(
    Object.entries(values)
      .filter(([field]) => !NEVER_KEPT.has(field.toLowerCase()))
      .map(([field, value]) => [field, keptAnswers(value)]),
  );
}

/** The answers a draft gives back to a form: only the fields the form still has (never a SIN). */
export function restoredAnswers(draft: DraftValues, initialValues: object): DraftValues {
  return Object.fromEntries(
    Object.entries(draft).filter(([field]) => field in initialValues && !NEVER_KEPT.has(field.toLowerCase())),
  );
}

/**
 * The drafts kept in `storage` (a function, so that nothing touches the browser until a draft is
 * used). A storage that refuses (full, or turned off) keeps nothing: a draft is a convenience.
 */
export function createDraftStore(storage: () => DraftStorage) {
  const keys = (): string[] => {
    const s = storage();
    return Array.from({ length: s.length }, (_, i) => s.key(i)).filter(
      (k): k is string => k?.startsWith(PREFIX) ?? false,
    );
  };
  const attempt = (action: () => void) => {
    try {
      action();
    } catch {
      // Nothing kept; the form itself still holds every answer.
    }
  };

  return {
    save(place: DraftPlace, values: DraftValues) {
      attempt(() => storage().setItem(draftKey(place), JSON.stringify(keptAnswers(values))));
    },
    /** The draft kept for the place, if any. */
    load(place: DraftPlace): DraftValues | null {
      try {
        const raw = storage().getItem(draftKey(place));
        const values: unknown = raw === null ? null : JSON.parse(raw);
        return typeof values === 'object' && values !== null && !Array.isArray(values)
          ? (values as DraftValues)
          : null;
      } catch {
        return null;
      }
    },
    remove(place: DraftPlace) {
      attempt(() => storage().removeItem(draftKey(place)));
    },
    /** The records whose `form` has a draft of the user's on the page (null: a new record's). */
    recordsWithDraft(userId: number, route: string, form: string): (number | null)[] {
      return keys().flatMap((key) => {
        const p = placeOf(key);
        return p && p.userId === userId && p.route === route && p.form === form ? [p.record] : [];
      });
    },
    /** Clears every draft (a logout), or every draft but the user's (someone else signed in). */
    clear(keepUserId?: number) {
      attempt(() => {
        for (const key of keys()) {
          if (keepUserId === undefined || placeOf(key)?.userId !== keepUserId) storage().removeItem(key);
        }
      });
    },
  };
}

export type DraftStore = ReturnType<typeof createDraftStore>;

/** The drafts of this browser tab. */
export const formDrafts = createDraftStore(() => window.sessionStorage);
