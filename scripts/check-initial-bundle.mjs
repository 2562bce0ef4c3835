// CI, after the build: what a first visit downloads before the first screen (the entry script and
// the modules index.html preloads) stays within 200 KB (KiB) gzipped, and holds no French: the French
// catalogues are chunks of their own, fetched only by French users (issue 34, ARCHITECTURE.md,
// "Languages"). Run with `node scripts/check-initial-bundle.mjs` after `npm run build`.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = path.resolve(import.meta.dirname, '../apps/web/dist');
const LIMIT = 200 * 1024;
/** Words only the French catalogues hold: one of them in the first download means French was bundled. */
const FRENCH = ['Mot de passe oublié', 'Se connecter', 'Premières Nations', 'Renseignements sur le plan'];

const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
const scripts = [
  ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
].map((m) => m[1]);
if (scripts.length === 0) throw new Error('check-initial-bundle: index.html names no script');

let total = 0;
const problems = [];
for (const src of scripts) {
  const code = fs.readFileSync(path.join(DIST, src));
  const size = gzipSync(code, { level: 9 }).length;
  total += size;
  console.log(`${String(size).padStart(8)} B  ${src}`);
  const text = code.toString('utf8');
  for (const word of FRENCH) if (text.includes(word)) problems.push(`${src} holds French ("${word}")`);
}
console.log(
  `${String(total).padStart(8)} B  initial JavaScript, gzipped: ${(total / 1024).toFixed(1)} KB of ${LIMIT / 1024} KB`,
);
if (total > LIMIT) problems.push(`the initial JavaScript is ${total} B gzipped, over ${LIMIT} B`);
if (problems.length > 0) {
  for (const problem of problems) console.error(`check-initial-bundle: ${problem}`);
  process.exit(1);
}
