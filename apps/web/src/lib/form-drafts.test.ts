import { describe, expect, it } from 'vitest';
import {
  createDraftStore,
  draftKey,
  keptAnswers,
  restoredAnswers,
  type DraftPlace,
  type DraftStorage,
} from './form-drafts.ts';

/** A Web Storage in memory, as a browser tab's sessionStorage behaves. */
function memoryStorage(): DraftStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    get length() {
      return items.size;
    },
    key: (i: number) => [...items.keys()][i] ?? null,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, String(value)),
    removeItem: (key: string) => void items.delete(key),
  };
}

const note: DraftPlace = { userId: 7, route: '/client/3/plan/5?tab=notes', form: 'note', record: null };

function store() {
  const storage = memoryStorage();
  return { storage, drafts: createDraftStore(() => storage) };
}

describe('form drafts', () => {
  it('keeps a draft per user, page, form and record', () => {
    const keys = new Set([
      draftKey(note),
      draftKey({ ...note, userId: 8 }),
      draftKey({ ...note, route: '/client/3/plan/5?tab=spendings' }),
      draftKey({ ...note, route: '/client/3/plan/6?tab=notes' }),
      draftKey({ ...note, form: 'spending' }),
      draftKey({ ...note, record: 12 }),
    ]);
    expect(keys.size).toBe(6);

    const { drafts } = store();
    drafts.save(note, { topic: 'Call back', notes: 'Asked about the course.' });
    drafts.save({ ...note, record: 12 }, { topic: 'Edited' });

    expect(drafts.load(note)).toEqual({ topic: 'Call back', notes: 'Asked about the course.' });
    expect(drafts.load({ ...note, record: 12 })).toEqual({ topic: 'Edited' });
    // Another user on the same page and form never sees it.
    expect(drafts.load({ ...note, userId: 8 })).toBeNull();
    expect(drafts.load({ ...note, route: '/client/3/plan/5' })).toBeNull();
  });

  it('never keeps a SIN, wherever it sits in the answers', () => {
    const { storage, drafts } = store();
    const place = { ...note, route: '/client/create', form: 'intake' };
    drafts.save(place, {
      first_name: 'Ada',
      sin: '193456787',
      SIN: '193456787',
      family: [{ name: 'Bo', sin: '046454286' }],
      contact: { phone: '555-0100', sin: '046454286' },
    });

    expect(drafts.load(place)).toEqual({
      first_name: 'Ada',
      family: [{ name: 'Bo' }],
      contact: { phone: '555-0100' },
    });
    expect([...storage.items.values()].join('')).not.toMatch(/193456787|046454286/);
    expect(keptAnswers({ sin: '1', flag: true, when: null })).toEqual({ flag: true, when: null });
  });

  it('gives back only the fields the form still has, never a SIN', () => {
    expect(
      restoredAnswers(
        { topic: 'Call back', gone: 'old field', sin: '193456787' },
        { topic: '', date: '', sin: '' },
      ),
    ).toEqual({ topic: 'Call back' });
  });

  it('tells which records of a form have a draft of the user on the page', () => {
    const { drafts } = store();
    drafts.save(note, { topic: 'New' });
    drafts.save({ ...note, record: 12 }, { topic: 'Edited' });
    drafts.save({ ...note, userId: 8, record: 13 }, { topic: 'Someone else' });
    drafts.save({ ...note, form: 'spending', record: 14 }, { item: 'Boots' });
    drafts.save({ ...note, route: '/client/3/plan/6?tab=notes', record: 15 }, { topic: 'Other plan' });

    expect(drafts.recordsWithDraft(7, note.route, 'note').sort()).toEqual([12, null]);
    expect(drafts.recordsWithDraft(8, note.route, 'note')).toEqual([13]);
    expect(drafts.recordsWithDraft(7, note.route, 'outcome')).toEqual([]);
  });

  it('removes one draft when its form is saved or left', () => {
    const { drafts } = store();
    drafts.save(note, { topic: 'New' });
    drafts.save({ ...note, record: 12 }, { topic: 'Edited' });

    drafts.remove(note);

    expect(drafts.load(note)).toBeNull();
    expect(drafts.load({ ...note, record: 12 })).toEqual({ topic: 'Edited' });
  });

  it("clears every draft on a logout, or every other user's on a sign-in, and nothing else", () => {
    const { storage, drafts } = store();
    storage.setItem('something.else', 'kept');
    drafts.save(note, { topic: 'Mine' });
    drafts.save({ ...note, userId: 8 }, { topic: 'Theirs' });

    drafts.clear(7);
    expect(drafts.load(note)).toEqual({ topic: 'Mine' });
    expect(drafts.load({ ...note, userId: 8 })).toBeNull();

    drafts.clear();
    expect(drafts.load(note)).toBeNull();
    expect([...storage.items.keys()]).toEqual(['something.else']);
  });

  it('keeps nothing, and fails nothing, when the storage refuses or holds something unreadable', () => {
    const full = memoryStorage();
    full.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    const drafts = createDraftStore(() => full);
    expect(() => drafts.save(note, { topic: 'New' })).not.toThrow();
    expect(drafts.load(note)).toBeNull();

    const { storage, drafts: other } = store();
    storage.setItem(draftKey(note), '{not json');
    expect(other.load(note)).toBeNull();
    storage.setItem(draftKey(note), '["a list"]');
    expect(other.load(note)).toBeNull();
  });
});
