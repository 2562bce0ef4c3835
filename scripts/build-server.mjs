// Builds the server to JavaScript for `npm start` and `npm run serve`: apps/server/dist/main.js,
// its worker threads' scripts and the operator's commands (migrate, create-admin, audit-verify,
// backup, restore, rotate-client-key) beside it, with packages/shared bundled in and every npm dependency left to
// node_modules, and the SQL migrations copied beside it (the server reads them from its own folder). Run as a module or imported.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const server = path.join(root, 'apps/server');
const dist = path.join(server, 'dist');

export async function buildServer() {
  const manifest = JSON.parse(fs.readFileSync(path.join(server, 'package.json'), 'utf8'));
  const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@cairn/'));
  fs.rmSync(dist, { recursive: true, force: true });
  await build({
    // The server, and each worker thread's script beside it (lib/worker-thread.ts starts them).
    entryPoints: {
      main: path.join(server, 'src/main.ts'),
      'audit-batch.worker': path.join(server, 'src/modules/audit/audit-batch.worker.ts'),
      // The commands an operator runs beside the server, in the same folder (the migrations and
      // worker scripts are found beside the running file): `node apps/server/dist/migrate.js`.
      migrate: path.join(server, 'src/cli/migrate.ts'),
      'create-admin': path.join(server, 'src/cli/create-admin.ts'),
      'audit-verify': path.join(server, 'src/cli/audit-verify.ts'),
      backup: path.join(server, 'src/cli/backup.ts'),
      restore: path.join(server, 'src/cli/restore.ts'),
      'rotate-client-key': path.join(server, 'src/cli/rotate-client-key.ts'),
    },
    outdir: dist,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: external.flatMap((name) => [name, `${name}/*`]),
    sourcemap: true,
    logLevel: 'warning',
  });
  fs.cpSync(path.join(server, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
