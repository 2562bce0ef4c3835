import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The house style's file names (docs/ARCHITECTURE.md), checked over every tracked source file:
 * kebab-case, with dot-separated role suffixes (`clients.service.ts`, `drag-columns.module.css`,
 * `clients-list.test.ts`), and every file of a server module named for its role.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const sources = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => /\.(ts|tsx|mjs|js|css)$/.test(f));

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*\.(ts|tsx|mjs|js|css)$/;
const MODULE_ROLE = /\.(routes|service|repository|policy|worker|test)\.ts$/;

describe('file names', () => {
  it('finds the sources', () => {
    expect(sources.length).toBeGreaterThan(300);
  });

  it('are kebab-case with dot-separated role suffixes', () => {
    expect(sources.filter((f) => !KEBAB.test(path.basename(f)))).toEqual([]);
  });

  it('name a server module file for its role: routes, service, repository, policy or worker', () => {
    const inModules = sources.filter((f) => f.startsWith('apps/server/src/modules/'));
    expect(inModules.length).toBeGreaterThan(20);
    expect(inModules.filter((f) => !MODULE_ROLE.test(f))).toEqual([]);
  });
});
