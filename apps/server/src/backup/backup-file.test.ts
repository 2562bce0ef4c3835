import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSectionBytes, readSections, sectionStream, sha256Of, writeBackupFile } from './backup-file.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-backup-file-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the backup file', () => {
  it('holds its sections in order, read back as written, bytes or a copied file', async () => {
    const source = path.join(dir, 'dump.bin');
    const big = Buffer.alloc(200_000, 7);
    fs.writeFileSync(source, big);
    const file = path.join(dir, 'one.cairn');
    await writeBackupFile(file, [
      { name: 'manifest.json', bytes: Buffer.from('{"a":1}') },
      { name: 'audit-checkpoints.log', bytes: Buffer.alloc(0) },
      { name: 'postgres.dump', file: source },
    ]);
    const sections = await readSections(file);
    expect(sections.map((s) => [s.name, s.length])).toEqual([
      ['manifest.json', 7],
      ['audit-checkpoints.log', 0],
      ['postgres.dump', 200_000],
    ]);
    expect((await readSectionBytes(file, sections[0]!)).toString()).toBe('{"a":1}');
    expect(await sha256Of(sectionStream(file, sections[1]!))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    expect((await readSectionBytes(file, sections[2]!)).equals(big)).toBe(true);
    // Nothing left under a temporary name.
    expect(fs.readdirSync(dir).sort()).toEqual(['dump.bin', 'one.cairn']);
  });

  it('refuses a file that is not a backup, and one cut short', async () => {
    const other = path.join(dir, 'other.txt');
    fs.writeFileSync(other, 'hello\n');
    await expect(readSections(other)).rejects.toThrow('is not a Cairn backup file');
    const file = path.join(dir, 'cut.cairn');
    await writeBackupFile(file, [{ name: 'manifest.json', bytes: Buffer.alloc(5000, 1) }]);
    fs.truncateSync(file, 3000);
    await expect(readSections(file)).rejects.toThrow('damaged or cut short');
  });

  it('leaves no file under the final name when writing fails', async () => {
    const file = path.join(dir, 'failed.cairn');
    await expect(
      writeBackupFile(file, [{ name: 'postgres.dump', file: path.join(dir, 'missing.bin') }]),
    ).rejects.toThrow();
    expect(fs.readdirSync(dir).filter((name) => name.includes('failed'))).toEqual([]);
  });
});
