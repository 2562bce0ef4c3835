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
  // Written whole under a name of its own, then linked into place: processes starting together
  // on one data directory never read a half-written file, and the one that loses keeps the
  // winner's secret.
  const temp = `${file}.${process.pid}.${crypto.randomBytes(6).toString('hex')}.tmp`;
  fs.writeFileSync(temp, secret, { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(temp, file);
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return fs.readFileSync(file, 'utf8').trim();
  } finally {
    fs.rmSync(temp, { force: true });
  }
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
