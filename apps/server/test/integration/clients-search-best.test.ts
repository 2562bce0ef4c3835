/**
 * A search's best matches first (issue 33, clients-search.repository.ts): the order checked
 * against an oracle written here from the rule, page by page under and over every cap (the best
 * read from the words' index, then the others), the cap, and the words kept by the triggers of
 * migration 0042.
 */
import { clientSearchText, normalizeName, searchTextWords } from '@cairn/shared/client-rules';
import type { Client } from '@cairn/shared/clients.schemas';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/database.ts';
import { clients } from '../../src/db/schema/clients.ts';
import { listClients, type ListOptions } from '../../src/modules/clients/clients-list.repository.ts';
import { searchWords } from '../../src/modules/clients/clients.service.ts';
import { createClient } from '../helpers/clients.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { centreWithCoordinator } from '../helpers/users.ts';

let t: TestApp;
let who: { token: string };
let centreId: number;
let workerId: number;
const made: Client[] = [];

/** The clients of the test's own centre: names, emails and phones chosen to rank every way. */
const PEOPLE: Array<Record<string, unknown>> = [
  { first_name: 'Anne', last_name: 'Tremblay', email: 'anne@example.ca' },
  { first_name: 'Bob', last_name: 'Tremblay', email: null },
  { first_name: 'Zoé', last_name: 'Trembath', email: null },
  { first_name: 'Jean-Pierre', last_name: 'Tremblay-Roy', email: null },
  // Tremb inside a word only: a match, not among the best.
  { first_name: 'Marc', last_name: 'Attremble', email: null },
  // Found by the words of the email address.
  { first_name: 'Carl', last_name: 'Smith', email: 'c.tremblay+jobs@example.ca' },
  { first_name: 'Tremaine', last_name: 'Jean', email: null },
  { first_name: "D'Arcy", last_name: "O'Brien", email: 'darcy@example.ca', phone: '(807) 555-0199' },
  { first_name: 'Jeanne', last_name: 'Tremblay', email: null },
  { first_name: 'Ève', last_name: 'Jeannot', email: 'eve.tremblay@example.ca' },
  { first_name: 'Dora', last_name: 'Lee', email: null },
  // Two words beginning with the same searched word: listed once, by the first of them.
  { first_name: 'Jean', last_name: 'Jeannot', email: 'jj@example.ca' },
  { first_name: 'Jeanne', last_name: 'Jean', email: null },
];

beforeAll(async () => {
  t = await createTestApp();
  ({ centreId, userId: workerId, who } = await centreWithCoordinator(t, 'Best Match Centre', 'Seeker'));
  for (const person of PEOPLE) made.push(await createClient(t, who, person));
});
afterAll(() => t.close());

/**
 * The rule, written out: a match holds every searched word in its search text; the best have a
 * word beginning with every searched word (split as stored), ordered by their first word (byte
 * order) beginning with the longest searched word, then name, then id; the others by name, then id.
 */
function oracle(s: string): number[] {
  const searched = searchWords(s);
  const parts = [...new Set(searched.join(' ').split(/[\s.@_+,/()-]+/))].filter(Boolean);
  const lead = parts.reduce((a, b) => (b.length > a.length ? b : a), parts[0] ?? '');
  const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
  const rows = made
    .map((c) => {
      const text = clientSearchText({ ...c, middle_name: c.middle_name ?? null });
      const words = text.split(/[\s.@_+,/()-]+/).filter(Boolean);
      const best =
        parts.length > 0 && parts.every((p) => words.some((w) => w.startsWith(p)))
          ? words.filter((w) => w.startsWith(lead)).sort(byBytes)[0]!
          : null;
      const nameKey = `${normalizeName(c.first_name)} ${normalizeName(c.last_name)}`;
      return { id: c.client_id, match: searched.every((w) => text.includes(w)), best, nameKey };
    })
    .filter((r) => r.match);
  rows.sort(
    (a, b) =>
      (a.best === null ? 1 : 0) - (b.best === null ? 1 : 0) ||
      byBytes(a.best ?? '', b.best ?? '') ||
      byBytes(a.nameKey, b.nameKey) ||
      a.id - b.id,
  );
  return rows.map((r) => r.id);
}

const SEARCHES = [
  'tremb',
  'Trembl',
  'jean',
  'jean tremb',
  'jean-pierre',
  'example',
  "o'b",
  'emb',
  'zoe',
  '5550199',
];

async function everyPage(s: string, perPage: number, extra = '') {
  const ids: number[] = [];
  let total = -1;
  for (let page = 1; page <= 20; page++) {
    const res = await t.call(
      'GET',
      `/api/clients?s=${encodeURIComponent(s)}&per_page=${perPage}&page=${page}${extra}`,
      { ...who },
    );
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.total_capped).toBe(false);
    total = res.json.total;
    if (res.json.items.length === 0) break;
    ids.push(...res.json.items.map((i: { client_id: number }) => i.client_id));
  }
  return { ids, total };
}

describe('client search: best matches first', () => {
  it.each(SEARCHES)('answers %j in the rule’s order, paged', async (s) => {
    const expected = oracle(s);
    expect(expected.length).toBeGreaterThan(0);
    for (const perPage of [1, 2, 25]) {
      const { ids, total } = await everyPage(s, perPage);
      expect(ids).toEqual(expected);
      expect(total).toBe(expected.length);
    }
  });

  it('puts the names beginning with the word first: tremb', async () => {
    const res = await t.call('GET', '/api/clients?s=tremb&per_page=25', { ...who });
    const names = res.json.items.map((i: { full_name: string }) => i.full_name);
    // By the word that begins with "tremb": trembath, then tremblay (and its other words), then by name.
    expect(names[0]).toBe('Zoé Trembath');
    expect(names.at(-1)).toBe('Marc Attremble');
  });

  it('finds the same clients as a search sorted by a column', async () => {
    for (const s of SEARCHES) {
      const sorted = await everyPage(s, 25, '&sort_by=full_name');
      expect(new Set(sorted.ids)).toEqual(new Set(oracle(s)));
    }
  });

  it('answers the same page whichever way it is read, and caps the total', async () => {
    const scope = { allCentres: false, centreId };
    const read = (s: string, cap: number, offset: number, limit: number, worker?: number) =>
      listClients(t.db, scope, {
        sort: 'best_match',
        desc: false,
        words: searchWords(s),
        limit,
        offset,
        cap,
        worker,
      } satisfies ListOptions);
    for (const s of SEARCHES) {
      const all = oracle(s);
      for (let cap = 1; cap <= all.length + 1; cap++) {
        for (let offset = 0; offset <= cap; offset++) {
          const page = await read(s, cap, offset, 2);
          // Fewer matches than the cap or more: the same pages, the total up to the cap.
          expect(
            page.items.map((i) => i.client_id),
            `${s} cap ${cap} offset ${offset}`,
          ).toEqual(all.slice(offset, Math.min(offset + 2, cap)));
          expect(page.total).toBe(Math.min(all.length, cap));
          expect(page.total_capped).toBe(all.length > cap);
        }
      }
    }
    // The worker's clients only (every client here is the Coordinator's: their intake).
    expect((await read('tremb', 2, 0, 5, workerId)).items.map((i) => i.client_id)).toEqual(
      oracle('tremb').slice(0, 2),
    );
    expect((await read('tremb', 2, 0, 5, workerId + 1000)).items).toEqual([]);
  });

  it('keeps a client’s words as the shared rule splits its search text, through every change', async () => {
    const words = async (id: number) =>
      (
        await selectRows<{ word: string }>(
          t.db,
          sql`SELECT word FROM client_search_words WHERE client_id = ${id} ORDER BY word COLLATE "C"`,
        )
      ).map((r) => r.word);
    const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
    for (const c of made) {
      const text = clientSearchText({ ...c, middle_name: c.middle_name ?? null });
      expect(await words(c.client_id)).toEqual(searchTextWords(text).sort(byBytes));
    }
    const one = made[0]!;
    await t.db
      .update(clients)
      .set({ searchText: 'renamed person', nameKey: 'renamed person' })
      .where(eq(clients.clientId, one.client_id));
    expect(await words(one.client_id)).toEqual(['person', 'renamed']);
    const gone = await createClient(t, who, { first_name: 'Gone', last_name: 'Soon' });
    expect(await words(gone.client_id)).toEqual(['gone', 'soon']);
    expect((await t.call('DELETE', `/api/clients/${gone.client_id}`, { as: 'admin' })).status).toBe(200);
    expect(await words(gone.client_id)).toEqual([]);
  });

  it('keeps to the caller’s centre', async () => {
    const other = await t.call('GET', '/api/clients?s=attremble', { as: 'coordinator' });
    expect(other.json).toEqual({ items: [], total: 0, total_capped: false });
  });
});
