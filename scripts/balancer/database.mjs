// The drill's own PostgreSQL database and the server's own role (as compose's
// deploy/postgres-init.sh makes them), migrated as the owner by the built `migrate` command;
// both dropped at the end.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '../..');

async function run(url, statements) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const s of statements) await client.query(s);
  } finally {
    await client.end();
  }
}

function withUserAndDatabase(base, user, database) {
  const url = new URL(base);
  if (user !== undefined) {
    url.username = user;
    url.password = '';
  }
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * A fresh database named `prefix` + 8 hex digits, and a login role for the server beside it:
 * `ownerUrl` (the tables' owner, MIGRATION_DATABASE_URL), `serverUrl` (DATABASE_URL), `drop()`.
 */
export async function createDatabase(baseUrl, prefix) {
  const suffix = crypto.randomBytes(4).toString('hex');
  const name = `${prefix}${suffix}`;
  const role = `${prefix}server_${suffix}`;
  await run(baseUrl, [`CREATE ROLE ${role} LOGIN`, `CREATE DATABASE ${name}`]);
  const ownerUrl = withUserAndDatabase(baseUrl, undefined, name);
  return {
    name,
    ownerUrl,
    serverUrl: withUserAndDatabase(baseUrl, role, name),
    /** Runs statements as the owner. */
    query: async (text, values) => {
      const client = new pg.Client({ connectionString: ownerUrl });
      await client.connect();
      try {
        return (await client.query(text, values)).rows;
      } finally {
        await client.end();
      }
    },
    async drop() {
      await run(baseUrl, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`, `DROP ROLE IF EXISTS ${role}`]);
    },
  };
}

/** `node apps/server/dist/migrate.js` as the owner, settling the server role's rights. */
export function migrateBuilt(db, env) {
  return execFileSync(process.execPath, [path.join(root, 'apps/server/dist/migrate.js')], {
    cwd: root,
    env: { ...env, DATABASE_URL: db.serverUrl, MIGRATION_DATABASE_URL: db.ownerUrl },
    encoding: 'utf8',
  }).trim();
}
