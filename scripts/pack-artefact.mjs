// The production artefact: what `npm run build` made, and the manifests `npm ci --omit=dev`
// installs its dependencies from, copied into one folder (docs/operations.md). The Dockerfile's
// build stage runs this very script, and CI checks its output (scripts/check-artefact.mjs):
//
//   node scripts/pack-artefact.mjs OUT_DIR
//
// No source, no test, no build tool: the server runs as plain JavaScript (`npm run serve`).
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Copied as they are; each must exist (`npm run build` first). */
const FILES = [
  'package.json',
  'package-lock.json',
  'apps/server/package.json',
  'apps/server/dist',
  'apps/server/generated',
  'apps/web/package.json',
  'apps/web/dist',
  'apps/web/public',
  'packages/shared/package.json',
];

export function packArtefact(out) {
  fs.rmSync(out, { recursive: true, force: true });
  for (const file of FILES) {
    const from = path.join(root, file);
    if (!fs.existsSync(from)) throw new Error(`${file} is missing: run \`npm run build\` first.`);
    fs.cpSync(from, path.join(out, file), { recursive: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = process.argv[2];
  if (!out) {
    console.error('Usage: node scripts/pack-artefact.mjs OUT_DIR');
    process.exit(1);
  }
  packArtefact(path.resolve(out));
  console.log(`The artefact is in ${path.resolve(out)}: install it with \`npm ci --omit=dev\`.`);
}
