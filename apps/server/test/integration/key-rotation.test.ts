import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summary } from '../../src/cli/rotation-report.ts';
import { attachmentChunks, attachments } from '../../src/db/schema/attachments.ts';
import { clients } from '../../src/db/schema/clients.ts';
import { createRng, fakeSin } from '../../src/db/seed/fake-data.ts';
import {
  createClientDataCrypto,
  parseMasterKey,
  type ClientDataCrypto,
} from '../../src/lib/client-data-crypto.ts';
import * as rotationRepo from '../../src/modules/key-rotation/key-rotation.repository.ts';
import { rotateClientKey } from '../../src/modules/key-rotation/key-rotation.service.ts';
import { bigPdf, pdfBytes } from '../helpers/attachments.ts';
import { auditRows } from '../helpers/audit.ts';
import { intake, whole } from '../helpers/clients.ts';
import { multipart } from '../helpers/attachments.ts';
import { createTestApp, TEST_CLIENT_DATA_KEY, type TestApp } from '../helpers/test-app.ts';

/**
 * The client data key's rotation (issue 30), on the database the run uses: records written under
 * the test app's key (A), then servers restarted with a new key (B, A previous) serving reads and
 * writes while `rotateClientKey` runs, then every value under B, readable with B alone.
 */
let t: TestApp;
const rng = createRng(30);
const keyA = parseMasterKey(TEST_CLIENT_DATA_KEY);
const keyB = crypto.randomBytes(32);
const cryptoB = createClientDataCrypto(keyB, [keyA]);
/** A server's variables for these keys: `current`, and the previous ones still accepted. */
const keysEnv = (current: Buffer, ...previous: Buffer[]) => ({
  CLIENT_DATA_KEY: current.toString('hex'),
  ...(previous.length > 0
    ? { CLIENT_DATA_KEYS_PREVIOUS: previous.map((k) => k.toString('hex')).join(',') }
    : {}),
});
/** The SIN each client should reveal; the bytes each attachment should download. */
const sins = new Map<number, string>();
const files = new Map<number, Buffer>();

type Server = Awaited<ReturnType<TestApp['secondServer']>>;

async function addClient(server: Pick<Server, 'call'>, sin: string): Promise<number> {
  const res = await server.call('POST', '/api/clients', { as: 'coordinator', body: intake({ sin }) });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  sins.set(res.json.id as number, sin);
  return res.json.id as number;
}

async function addFile(server: Pick<Server, 'call'>, clientId: number, content: Buffer): Promise<number> {
  const form = multipart([{ name: 'file', filename: 'f.pdf', content }]);
  const res = await server.call('POST', `/api/clients/${clientId}/attachments`, {
    as: 'coordinator',
    body: form.payload,
    headers: { 'content-type': form.contentType },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  files.set(res.json.attachment_id as number, content);
  return res.json.attachment_id as number;
}

async function reveal(server: Pick<Server, 'call'>, clientId: number): Promise<string> {
  const res = await server.call('POST', `/api/clients/${clientId}/sin/reveal`, { as: 'coordinator' });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.sin as string;
}

async function download(server: Pick<Server, 'call'>, attachmentId: number): Promise<Buffer> {
  const res = await server.call('GET', `/api/attachments/${attachmentId}/content`, { as: 'coordinator' });
  expect(res.status).toBe(200);
  return res.bytes;
}

/** Every record reads right through `server`: each SIN, each file byte for byte, a SIN duplicate. */
async function expectAllRead(server: Pick<Server, 'call'>) {
  for (const [id, sin] of sins) expect(await reveal(server, id)).toBe(sin);
  for (const [id, bytes] of files) expect((await download(server, id)).equals(bytes)).toBe(true);
  const [id, sin] = [...sins][0]!;
  const dup = await server.call('POST', '/api/clients/duplicates', { as: 'coordinator', body: { sin } });
  expect(dup.status).toBe(200);
  expect(dup.json.matches.map((m: { client_id: number }) => m.client_id)).toContain(id);
}

async function keysInUse(): Promise<{ sins: string[]; files: Array<string | null> }> {
  const c = await t.db
    .select({ s: clients.sinEncrypted })
    .from(clients)
    .where(sql`${clients.sinEncrypted} IS NOT NULL`);
  const a = await t.db
    .select({ k: attachments.keyFingerprint })
    .from(attachments)
    .where(eq(attachments.complete, true));
  return { sins: c.map((r) => r.s!.split(':').slice(0, 2).join(':')), files: a.map((r) => r.k) };
}

function expectAllUnder(c: ClientDataCrypto, used: { sins: string[]; files: Array<string | null> }) {
  expect(new Set(used.sins)).toEqual(new Set([`v2:${c.fingerprint}`]));
  expect(new Set(used.files)).toEqual(new Set([c.fingerprint]));
}

beforeAll(async () => {
  t = await createTestApp();
  // Under key A: SINs of new clients, and of the demo clients; files of one, up to 6 chunks.
  for (let i = 0; i < 10; i++) await addClient(t, fakeSin(rng));
  const first = [...sins.keys()][0]!;
  await addFile(t, first, pdfBytes('small'));
  await addFile(t, first, bigPdf(1_500_000));
  await addFile(t, first, bigPdf(300_000));
  // A SIN from before keys were named (v1: the same cipher, no fingerprint), and a file row
  // from before files named their key.
  const legacy = await t.db
    .select({ id: clients.clientId, s: clients.sinEncrypted })
    .from(clients)
    .where(eq(clients.clientId, first));
  const v1 = `v1:${legacy[0]!.s!.split(':')[2]}`;
  await t.db.update(clients).set({ sinEncrypted: v1 }).where(eq(clients.clientId, first));
  await t.db
    .update(attachments)
    .set({ keyFingerprint: null })
    .where(eq(attachments.attachmentId, [...files.keys()][0]!));
  // Demo clients with a SIN (seeded under A) are checked too.
  const demo = await t.db
    .select({ id: clients.clientId })
    .from(clients)
    .where(sql`${clients.sinEncrypted} IS NOT NULL`);
  for (const { id } of demo) if (!sins.has(id)) sins.set(id, await reveal(t, id));
}, 120_000);

afterAll(() => t.close());

describe('client data key rotation', () => {
  it('a concurrent edit of a SIN is never overwritten by the rotation', async () => {
    const id = [...sins.keys()].at(-1)!;
    const [read] = await rotationRepo.sinsToRotate(t.db, cryptoB.fingerprint, id - 1, 1);
    expect(read!.clientId).toBe(id);
    // The client's SIN edited between the rotation's read and its write.
    const profile = await t.call('GET', `/api/clients/${id}`, { as: 'coordinator' });
    const edited = fakeSin(rng);
    const put = await t.call('PUT', `/api/clients/${id}`, {
      as: 'coordinator',
      body: whole(profile.json, { sin: edited }),
    });
    expect(put.status, JSON.stringify(put.json)).toBe(200);
    sins.set(id, edited);
    const sin = cryptoB.decrypt(read!.sinEncrypted);
    const written = await rotationRepo.rewriteSins(t.db, [
      {
        clientId: id,
        before: read!.sinEncrypted,
        sinEncrypted: cryptoB.encrypt(sin),
        sinHash: cryptoB.hash(sin),
      },
    ]);
    expect(written).toEqual([]);
    expect(await reveal(t, id)).toBe(edited);
  });

  it('moves every SIN and file to the new key while servers read and write, and nothing else changes', async () => {
    const server = await t.secondServer(keysEnv(keyB, keyA));
    const updatedBefore = new Map(
      (await t.db.select({ id: clients.clientId, at: clients.updatedAt }).from(clients)).map((r) => [
        r.id,
        r.at.getTime(),
      ]),
    );
    const auditBefore = (await auditRows(t)).at(-1)?.seq ?? 0;
    const first = [...sins.keys()][0]!;
    const target = [...sins.keys()][3]!;
    let running = true;
    let requests = 0;
    let roundDone = () => {};
    // Requests throughout the run: new clients with SINs, reveals, uploads, downloads, a SIN edited.
    const load = (async () => {
      const ids = () => [...sins.keys()];
      for (let round = 0; running || round < 2; round++) {
        const id = ids()[round % ids().length]!;
        expect(await reveal(server, id)).toBe(sins.get(id));
        for (const [fid, bytes] of files) expect((await download(server, fid)).equals(bytes)).toBe(true);
        if (round < 4) await addClient(server, fakeSin(rng));
        if (round < 2) await addFile(server, first, bigPdf(600_000));
        if (round === 1) {
          const profile = await server.call('GET', `/api/clients/${target}`, { as: 'coordinator' });
          const edited = fakeSin(rng);
          const put = await server.call('PUT', `/api/clients/${target}`, {
            as: 'coordinator',
            body: whole(profile.json, { sin: edited }),
          });
          expect(put.status, JSON.stringify(put.json)).toBe(200);
          sins.set(target, edited);
          updatedBefore.delete(target);
        }
        requests += 1;
        roundDone();
      }
    })();
    const progress: number[] = [];
    let result;
    try {
      result = await rotateClientKey(t.db, cryptoB, {
        batch: 3,
        onProgress: async (p) => {
          progress.push(p.done);
          // A round of requests between every two batches (each round's reads and writes also
          // run beside the next batch's statements).
          await Promise.race([new Promise<void>((r) => (roundDone = r)), load]);
        },
      });
    } finally {
      running = false;
    }
    await load;
    expect(requests).toBeGreaterThanOrEqual(progress.length);
    expect(result.failed).toBe(0);
    expect(result.total).toBeGreaterThanOrEqual(sins.size - 4);
    expect(progress.length).toBeGreaterThan(3);
    expect(summary(result, cryptoB.fingerprint).code).toBe(0);

    expectAllUnder(cryptoB, await keysInUse());
    // No change anyone made: the rotated clients' updated_at stays; the trail holds one
    // client_key_rotation entry, and no client update but the edit.
    const after = await t.db.select({ id: clients.clientId, at: clients.updatedAt }).from(clients);
    for (const r of after) if (updatedBefore.has(r.id)) expect(r.at.getTime()).toBe(updatedBefore.get(r.id));
    const entries = await auditRows(t, auditBefore);
    const rotations = entries.filter((e) => e.action === 'client_key_rotation');
    expect(rotations).toHaveLength(1);
    expect(rotations[0]!.details).toMatchObject({
      key: cryptoB.fingerprint,
      unopened_clients: [],
      unopened_attachments: [],
    });
    expect(
      entries.filter((e) => e.action === 'update' && e.record_kind === 'client').map((e) => e.record_id),
    ).toEqual([target]);

    await expectAllRead(server);
    await server.close();
    // The previous key dropped: everything still reads, the duplicate check still finds.
    const alone = await t.secondServer(keysEnv(keyB));
    await expectAllRead(alone);
    await alone.close();
  }, 300_000);

  it('resumes after a crash: a run stopped after a batch, run again, finishes the rest', async () => {
    const keyC = crypto.randomBytes(32);
    const cryptoC = createClientDataCrypto(keyC, [keyB]);
    const stopped = await rotateClientKey(t.db, cryptoC, {
      batch: 4,
      onProgress: (p) => {
        if (p.done > 0) throw new Error('crash');
      },
    }).catch((err: Error) => err.message);
    expect(stopped).toBe('crash');
    const partly = await keysInUse();
    expect(partly.sins.filter((s) => s === `v2:${cryptoC.fingerprint}`)).toHaveLength(4);
    const rest = await rotateClientKey(t.db, cryptoC, { batch: 4 });
    expect(rest.failed).toBe(0);
    expect(rest.total).toBe(partly.sins.length - 4 + partly.files.length);
    expect(rest.done).toBe(rest.total);
    expectAllUnder(cryptoC, await keysInUse());
    const server = await t.secondServer(keysEnv(keyC));
    await expectAllRead(server);
    await server.close();
  }, 300_000);

  it('names every record no accepted key opens, and its end is exit code 1', async () => {
    const keyD = crypto.randomBytes(32);
    const cryptoD = createClientDataCrypto(keyD, [keyA]);
    const [lost] = [...sins.keys()];
    // A SIN under a key nobody configured; a chunk whose bits were flipped.
    await t.db
      .update(clients)
      .set({ sinEncrypted: createClientDataCrypto(crypto.randomBytes(32)).encrypt('046454286') })
      .where(eq(clients.clientId, lost!));
    const fileId = [...files.keys()][1]!;
    const [chunk] = await t.db
      .select({ data: attachmentChunks.data })
      .from(attachmentChunks)
      .where(sql`${attachmentChunks.attachmentId} = ${fileId} AND ${attachmentChunks.chunkIndex} = 2`);
    const bytes = Buffer.from(chunk!.data);
    bytes[40] = bytes[40]! ^ 0xff;
    await t.db
      .update(attachmentChunks)
      .set({ data: bytes })
      .where(sql`${attachmentChunks.attachmentId} = ${fileId} AND ${attachmentChunks.chunkIndex} = 2`);
    // The previous key listed is A, not C: every other record is under C and opens with none.
    const result = await rotateClientKey(t.db, cryptoD, { batch: 50 });
    expect(result.unopenedClients).toContain(lost);
    expect(result.unopenedAttachments).toContain(fileId);
    expect(result.unopenedClients).toHaveLength(sins.size);
    const { code, lines } = summary(result, cryptoD.fingerprint);
    expect(code).toBe(1);
    expect(lines.join('\n')).toContain(`client ${result.unopenedClients.join(', ')}`);
    expect(lines.join('\n')).toMatch(new RegExp(`attachment [0-9, ]*\\b${fileId}\\b`));
    // Its reveal says the SIN cannot be read with this server's keys: a clear refusal, never a 500.
    const refused = await t.call('POST', `/api/clients/${lost}/sin/reveal`, { as: 'admin' });
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('sin_unreadable');
  }, 300_000);
});
