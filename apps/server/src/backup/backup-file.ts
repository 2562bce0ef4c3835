import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { BackupFileError } from './backup-errors.ts';

/**
 * A Cairn backup file (docs/ARCHITECTURE.md, "Backups"): the line `CAIRN-BACKUP 1`, then sections,
 * each the line `<name> <length in bytes>` followed by that many bytes, in this order:
 * `manifest.json`, `audit-checkpoints.log` (the audit chain's signed checkpoints when the backup
 * was made), and last the database: `postgres.dump` (pg_dump's custom format) or `pglite.tar.gz`
 * (PGlite's data directory, gzipped, without the keys). A restore reads the first two, checks, and then
 * streams the last one; the manifest holds the database section's SHA-256.
 */
export const BACKUP_MAGIC = 'CAIRN-BACKUP 1';

export interface SectionSource {
  name: string;
  /** The bytes, or a file to copy them from. */
  bytes?: Buffer;
  file?: string;
}

export interface Section {
  name: string;
  offset: number;
  length: number;
}

/**
 * Writes the sections to `target`, through a temporary name in the same folder renamed when
 * complete and flushed, so that a file under its final name is always whole.
 */
export async function writeBackupFile(target: string, sections: SectionSource[]): Promise<void> {
  const dir = path.dirname(path.resolve(target));
  const temp = path.join(dir, `.${path.basename(target)}.${process.pid}.partial`);
  const out = await fs.promises.open(temp, 'wx', 0o600);
  try {
    await out.write(`${BACKUP_MAGIC}\n`);
    for (const section of sections) {
      const length = section.bytes ? section.bytes.length : (await fs.promises.stat(section.file!)).size;
      await out.write(`${section.name} ${length}\n`);
      if (section.bytes) await out.write(section.bytes);
      else for await (const chunk of fs.createReadStream(section.file!)) await out.write(chunk as Buffer);
    }
    await out.sync();
    await out.close();
    await fs.promises.rename(temp, target);
  } catch (err) {
    await out.close().catch(() => {});
    await fs.promises.rm(temp, { force: true });
    throw err;
  }
}

/** The sections of a backup file, where each lies. */
export async function readSections(file: string): Promise<Section[]> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const size = (await handle.stat()).size;
    const line = async (at: number): Promise<{ text: string; next: number }> => {
      const buf = Buffer.alloc(256);
      const { bytesRead } = await handle.read(buf, 0, buf.length, at);
      const end = buf.subarray(0, bytesRead).indexOf(0x0a);
      if (end < 0) throw new BackupFileError(`${file} is not a Cairn backup file, or is damaged.`);
      return { text: buf.subarray(0, end).toString('utf8'), next: at + end + 1 };
    };
    const first = await line(0).catch(() => ({ text: '', next: 0 }));
    if (first.text !== BACKUP_MAGIC) throw new BackupFileError(`${file} is not a Cairn backup file.`);
    const sections: Section[] = [];
    let at = first.next;
    while (at < size) {
      const { text, next } = await line(at);
      const match = /^([\w.-]+) (\d+)$/.exec(text);
      if (!match || next + Number(match[2]) > size)
        throw new BackupFileError(`${file} is damaged or cut short (its section at byte ${at}).`);
      sections.push({ name: match[1]!, offset: next, length: Number(match[2]) });
      at = next + Number(match[2]);
    }
    return sections;
  } finally {
    await handle.close();
  }
}

export function findSection(sections: Section[], name: string, file: string): Section {
  const section = sections.find((s) => s.name === name);
  if (!section) throw new BackupFileError(`${file} has no ${name}: it is damaged, or not a Cairn backup.`);
  return section;
}

export async function readSectionBytes(file: string, section: Section): Promise<Buffer> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buf = Buffer.alloc(section.length);
    await handle.read(buf, 0, section.length, section.offset);
    return buf;
  } finally {
    await handle.close();
  }
}

/** A section's bytes as a stream (the database, which may be large). */
export function sectionStream(file: string, section: Section): Readable {
  if (section.length === 0) return Readable.from([]);
  return fs.createReadStream(file, { start: section.offset, end: section.offset + section.length - 1 });
}

/** SHA-256 (hex) of a file's or a section's bytes, read as a stream. */
export async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
