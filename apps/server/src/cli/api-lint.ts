// `npm run api:lint`: lints the API description the server serves (GET /api/docs/json) with
// Redocly's CLI and the rules in redocly.yaml at the repository root (its recommended set, each
// warning kept named there with its reason). Nothing is fetched: telemetry and update checks are
// off, and the description is written to a temporary file first.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiDescription } from './api-description.ts';
import { runCommand } from './command.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const REDOCLY = path.join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');

async function main(): Promise<number> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-api-'));
  const file = path.join(folder, 'openapi.json');
  try {
    const description = await apiDescription();
    // Written indented, so the problems' line numbers point somewhere readable.
    fs.writeFileSync(file, JSON.stringify(description, null, 2));
    const served = Buffer.byteLength(JSON.stringify(description));
    console.log(`The API description (GET /api/docs/json): ${Math.round(served / 1024)} KB`);
    const result = spawnSync(
      process.execPath,
      [REDOCLY, 'lint', file, '--config', path.join(ROOT, 'redocly.yaml'), '--format', 'stylish'],
      {
        cwd: ROOT,
        stdio: 'inherit',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    );
    return result.status ?? 1;
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

runCommand(main, 'Could not lint the API description:');
