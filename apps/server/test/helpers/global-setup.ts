import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../../src/db/database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: the migrated template each test file copies. */
    pgTemplate: { adminUrl: string; template: string } | null;
    /** PGlite: a dump of a migrated database each test file restores. */
    pgliteDump: string | null;
  }
}

/**
 * Migrates once, then every test file gets its own copy: a PostgreSQL database created from a
 * template when TEST_DATABASE_URL is set, else a PGlite restored from a dump.
 */
export default async function setup(project: TestProject) {
  buildStaticFiles();
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `cairn_test_tpl_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${template}`);
    const database = await openPostgres(withDatabase(url, template));
    await database.migrate();
    await database.close();
    project.provide('pgTemplate', { adminUrl: url, template });
    project.provide('pgliteDump', null);
    return async () => {
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like $1`,
        [`${template.replace('_tpl_', '_f_')}%`],
      );
      for (const row of rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }
  const fresh = await openPglite();
  await fresh.migrate();
  const dump = await fresh.dump!();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-dump-')), 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await fresh.close();
  project.provide('pgTemplate', null);
  project.provide('pgliteDump', file);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * The PDFs and help pages the app serves are built, not committed (scripts/build-documents.mjs,
 * build-help.mjs): built here when a test run finds them missing (`npm test` always rebuilds them).
 */
function buildStaticFiles() {
  const root = path.resolve(import.meta.dirname, '../../../..');
  const built = [
    'apps/server/generated/help-articles.json',
    'apps/web/public/documents/intake_form.pdf',
    'apps/web/public/documents/plan_form.pdf',
    'apps/web/public/documents/consent_form.pdf',
    'apps/web/public/documents/fr/intake_form.pdf',
  ];
  const index = path.join(root, built[0]!);
  // An index built before articles carried their HTML (issue 27) is rebuilt too.
  const current = fs.existsSync(index) && fs.readFileSync(index, 'utf8').includes('"html":');
  if (current && built.every((file) => fs.existsSync(path.join(root, file)))) return;
  for (const script of ['scripts/build-documents.mjs', 'scripts/build-help.mjs']) {
    execFileSync(process.execPath, ['--import', 'tsx', script], { cwd: root, stdio: 'inherit' });
  }
}
