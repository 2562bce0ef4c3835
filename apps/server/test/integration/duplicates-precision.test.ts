import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientRowValues } from '../../src/db/client-row.ts';
import { selectRows } from '../../src/db/database.ts';
import { insertClientBatch } from '../../src/db/seed/large-clients.ts';
import { likelyPairs } from '../../src/modules/duplicates/duplicates.service.ts';
import { generatePeople, truePairs } from '../helpers/duplicate-people.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * The matcher measured (issue 31): 10,000 generated people with known duplicates, loaded in one
 * statement (the triggers find the candidate pairs), then every likely pair the list
 * would show compared with the truth. The floors are the figures measured when it was written
 * (PGlite and PostgreSQL alike: the same data and rules): precision 0.9954, recall 0.9531.
 */
const PEOPLE = 10_000;
const PRECISION_FLOOR = 0.995;
const RECALL_FLOOR = 0.953;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('duplicates: precision and recall on generated people', () => {
  it(`finds the known pairs among ${PEOPLE.toLocaleString('en')} people`, async () => {
    const people = generatePeople(20261128, PEOPLE);
    const centreId = t.demo.coordinator.centreId!;
    const now = new Date();
    const started = Date.now();
    // One statement: its trigger finds every pair of the set at once.
    const rows = people.map((p, i) => ({
      // The record's place in the generated list, to compare with the truth.
      ...clientRowValues({ ...p, address: `generated ${i}` }, t.clientCrypto),
      centreId,
      consent: true,
      createdAt: now,
      updatedAt: now,
    }));
    await insertClientBatch(t.db, rows);
    const loaded = Date.now() - started;
    const places = new Map(
      (
        await selectRows<{ client_id: number; address: string }>(
          t.db,
          sql`SELECT client_id, address FROM clients WHERE address LIKE 'generated %'`,
        )
      ).map((r) => [r.client_id, Number(r.address.slice('generated '.length))]),
    );
    expect(places.size).toBe(PEOPLE);

    const listed = Date.now();
    const pairs = await likelyPairs(t.db, { allCentres: true, centreId: null });
    const scored = Date.now() - listed;
    const found = new Set<string>();
    for (const p of pairs) {
      const a = places.get(p.client_a);
      const b = places.get(p.client_b);
      if (a === undefined || b === undefined) continue; // the demo's own clients
      found.add(a < b ? `${a}:${b}` : `${b}:${a}`);
    }
    const truth = truePairs(people);
    const right = [...found].filter((p) => truth.has(p)).length;
    const precision = right / found.size;
    const recall = right / truth.size;
    const missed = [...truth].filter((p) => !found.has(p));
    const missedKinds = new Map<string, number>();
    for (const p of missed) {
      const kind = people[Number(p.split(':')[1])]!.changes.join('+') || 'none';
      missedKinds.set(kind, (missedKinds.get(kind) ?? 0) + 1);
    }
    console.log(
      `duplicates: ${truth.size} true pairs, ${found.size} found, ${right} right: ` +
        `precision ${precision.toFixed(4)}, recall ${recall.toFixed(4)} ` +
        `(loaded in ${loaded} ms, listed in ${scored} ms; missed by change: ${JSON.stringify(Object.fromEntries(missedKinds))})`,
    );
    expect(precision).toBeGreaterThanOrEqual(PRECISION_FLOOR);
    expect(recall).toBeGreaterThanOrEqual(RECALL_FLOOR);
  }, 300_000);
});
