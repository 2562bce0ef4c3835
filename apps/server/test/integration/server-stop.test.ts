import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/db/seed/demo.ts';
import { multipart, pdfBytes } from '../helpers/attachments.ts';
import { startServer, stopServer, type ServerProcess } from '../helpers/server-process.ts';

/**
 * A stop is bounded (docs/ARCHITECTURE.md, "Stopping"): the real server on the embedded database,
 * after the flows that hold streams and workers (an upload, its download, the audit export, a
 * dashboard, the ministry spreadsheet), is stopped with SIGTERM, three times over on one data
 * folder; each time it must exit 0 well within SHUTDOWN_TIMEOUT_S, and release the folder's lock
 * for the next start. While it drains it stays up but is no longer ready.
 */
const TIMEOUT_S = 20;
let dataDir: string;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-stop-'));
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function call(s: ServerProcess, method: string, url: string, token?: string, body?: unknown) {
  const init: RequestInit = { method, headers: token ? { authorization: `Bearer ${token}` } : {} };
  if (body instanceof Buffer || typeof body === 'string') init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  return fetch(`${s.base}${url}`, init);
}

/** The flows that open streams, files and workers, each read to its end. */
async function exercise(s: ServerProcess) {
  const login = await call(s, 'POST', '/api/auth/login', undefined, {
    email: 'admin@example.ca',
    password: DEMO_PASSWORD,
  });
  expect(login.status).toBe(200);
  const token = ((await login.json()) as { accessToken: string }).accessToken;
  const clients = (await (await call(s, 'GET', '/api/clients?per_page=1', token)).json()) as {
    items: Array<{ client_id: number }>;
  };
  const clientId = clients.items[0]!.client_id;
  const form = multipart([
    { name: 'file', filename: 'consent.pdf', contentType: 'application/pdf', content: pdfBytes() },
  ]);
  const uploaded = await fetch(`${s.base}/api/clients/${clientId}/attachments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType },
    body: form.payload,
  });
  expect(uploaded.status).toBe(201);
  const { attachment_id } = (await uploaded.json()) as { attachment_id: number };
  const download = await call(s, 'GET', `/api/attachments/${attachment_id}/content`, token);
  expect(download.status).toBe(200);
  await download.arrayBuffer();
  const exported = await call(s, 'GET', '/api/audit/export', token);
  expect(exported.status).toBe(200);
  await exported.arrayBuffer();
  const link = await call(s, 'POST', '/api/reporting/dashboard-links', token, {
    dashboard: 'clients',
    start_date: '2025-04-01',
    end_date: '2026-03-31',
    centre_id: -1,
  });
  expect(link.status).toBe(200);
  const { url } = (await link.json()) as { url: string };
  const dashboard = await call(s, 'GET', `/api${url}`);
  expect(dashboard.status).toBe(200);
  await dashboard.arrayBuffer();
  const ministry = await call(
    s,
    'GET',
    '/api/reporting/ministry-report?start=2025-04-01&end=2026-03-31',
    token,
  );
  expect(ministry.status).toBe(200);
  await ministry.arrayBuffer();
}

describe('stopping the server', () => {
  it('exits 0 within the timeout after uploads, downloads, exports and dashboards, three times over', async () => {
    for (let round = 0; round < 3; round++) {
      const s = await startServer({
        dataDir,
        env: { SHUTDOWN_TIMEOUT_S: String(TIMEOUT_S) },
        timeoutMs: 120_000,
      });
      try {
        await exercise(s);
      } catch (err) {
        s.child.kill('SIGKILL');
        throw err;
      }
      const started = Date.now();
      const code = await stopServer(s);
      expect({ round, code, output: code === 0 ? '' : s.output() }).toEqual({ round, code: 0, output: '' });
      expect(Date.now() - started).toBeLessThan(TIMEOUT_S * 1000);
    }
  }, 600_000);

  it('stays up but not ready while it drains, then exits 0', async () => {
    const s = await startServer({ dataDir, env: { SHUTDOWN_DRAIN_S: '3' }, timeoutMs: 120_000 });
    expect((await call(s, 'GET', '/api/health/ready')).status).toBe(200);
    const exited = new Promise<number | null>((resolve) => s.child.once('exit', (code) => resolve(code)));
    s.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const ready = await call(s, 'GET', '/api/health/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'unavailable', process: 'stopping' });
    expect((await call(s, 'GET', '/api/health/live')).status).toBe(200);
    expect(await exited).toBe(0);
  }, 180_000);
});
