import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A secret from the environment, or for the embedded run one generated once into the data
 * directory (readable by its owner only) so that it survives restarts.
 */
export function loadOrCreateSecret(dataDir: string, fileName: string, bytes = 32): string {
  const file = path.join(dataDir, fileName);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(bytes).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}

/** A secret generated into the data directory by loadOrCreateSecret, if it was: never created here. */
export function readSecret(dataDir: string, fileName: string): string | undefined {
  try {
    return fs.readFileSync(path.join(dataDir, fileName), 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** SHA-256 in hex: how random tokens (refresh, reset) are stored. */
export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

/** A random token of `bytes` bytes, URL-safe. */
export function randomToken(bytes: number): string {
  return crypto.randomBytes(bytes).toString('base64url');
}
