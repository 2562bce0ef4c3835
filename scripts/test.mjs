// `npm test`: install what is missing, then run the unit and integration tests on the embedded
// database (set TEST_DATABASE_URL to run the integration tests against PostgreSQL instead).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureInstall } from './ensure-install.mjs';

const root = path.resolve(import.meta.dirname, '..');
ensureInstall();
// The integration tests read the built PDFs and help pages back.
for (const script of ['scripts/build-documents.mjs', 'scripts/build-help.mjs']) {
  const built = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const result = spawnSync('npx', ['vitest', 'run', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
