/**
 * The floor under an API answer on the machine the benchmark runs on: a bare `node:http` server in
 * this process that runs the very statement the API runs, through a pool of its own, and writes
 * the rows with `JSON.stringify`. No framework, no token check, no validation, no audit entry, no
 * security headers. Loaded like the API (the same load thread, connections and paths), it tells
 * how much of the API's time over its SQL any Node.js server with this driver pays on this machine
 * (the HTTP round trip, the driver's work, the event loop), and so how much is the app's own.
 */
import http from 'node:http';
import pg from 'pg';
import { SESSION_OPTIONS } from '../db/database.ts';
import type { RawQuery } from './bench-sql.ts';

/** What the floor answers: the first row (a record), or the rows as a page with its total. */
export type FloorShape = 'record' | 'page';

export interface FloorServer {
  url: string;
  /** Serves these paths, each with its statement, until the next call. */
  serve(paths: readonly string[], queries: readonly RawQuery[], shape: FloorShape, idKey: string): void;
  close(): Promise<void>;
}

export async function startFloor(databaseUrl: string, connections: number): Promise<FloorServer> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections, options: SESSION_OPTIONS });
  pool.on('error', () => {});
  let routes = new Map<string, RawQuery>();
  let answer: (rows: Array<Record<string, unknown>>) => unknown = (rows) => rows[0];

  const server = http.createServer((request, response) => {
    const q = routes.get(request.url ?? '');
    if (!q) {
      response.writeHead(404).end();
      return;
    }
    pool.query({ name: q.name, text: q.text, values: q.values }).then(
      ({ rows }) => {
        const body = JSON.stringify(answer(rows));
        response.writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
        });
        response.end(body);
      },
      () => response.writeHead(500).end(),
    );
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  return {
    url: `http://127.0.0.1:${port}`,
    serve(paths, queries, shape, idKey) {
      routes = new Map(paths.map((p, i) => [p, queries[i]!]));
      answer =
        shape === 'record'
          ? (rows) => rows[0]
          : (rows) => ({
              items: rows.filter((r) => r[idKey] !== null).map(({ total: _, ...item }) => item),
              total: rows[0]?.total ?? 0,
            });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool.end();
    },
  };
}
