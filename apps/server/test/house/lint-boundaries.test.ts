import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint rule that keeps a module's SQL its own (eslint.config.js, `repositoryZones`) still
 * fires: the repository's own ESLint configuration lints snippets as if they stood in real files.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: root });

/** The boundary problems ESLint finds in `code`, linted as the file `file` (relative to the root). */
async function boundaryProblems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages
    .filter((m) => m.ruleId === 'import-x/no-restricted-paths' || m.fatal)
    .map((m) => m.message);
}

const use = (from: string) => `import * as other from '${from}';\nexport const used = other;\n`;

describe("lint: a module's repository is its own", () => {
  it("refuses another module's repository in a module", async () => {
    const problems = await boundaryProblems(
      'apps/server/src/modules/notes/notes.service.ts',
      use('../plans/plans.repository.ts'),
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain("A module reaches another module's data through its service");
  });

  it("refuses a module's repository in a plugin", async () => {
    const problems = await boundaryProblems(
      'apps/server/src/plugins/auth.ts',
      use('../modules/auth/auth.repository.ts'),
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain("A plugin reaches a module's data through its service");
  });

  it("allows the module's own repository, the access layer's, and another module's service", async () => {
    for (const from of [
      './notes.repository.ts',
      '../access/access.repository.ts',
      '../plans/plans.service.ts',
    ]) {
      expect(
        await boundaryProblems('apps/server/src/modules/notes/notes.service.ts', use(from)),
        from,
      ).toEqual([]);
    }
  });
}, 120_000);
