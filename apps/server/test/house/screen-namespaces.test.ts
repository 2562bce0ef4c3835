import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/catalogues.ts';

/**
 * Catalogues per route (issue 34, apps/web/src/app/screen.ts): the catalogues loaded at start are those the entry script's
 * modules use, and each screen of the router names exactly the others its modules use, so that a
 * screen's words come with its code, none is fetched late and none for nothing. A module's
 * catalogues are read from its text: `useTranslation('a')` or `(['a', 'b'])`, a key `'a:…'`,
 * `ns: 'a'`, `namespace: 'a'` and the `…NAMESPACES = [...]` lists; its modules are those it imports
 * statically (a dynamic `import()` is another chunk, loaded with its own screen or on demand).
 */
const SRC = path.join(ROOT, 'apps/web/src');
const known = new Set(
  ['apps/web/src/locales/en', 'packages/shared/src/locales/en'].flatMap((folder) =>
    fs.readdirSync(path.join(ROOT, folder)).map((file) => file.replace(/\.json$/, '')),
  ),
);
const i18nText = fs.readFileSync(path.join(SRC, 'lib/i18n.ts'), 'utf8');
const starting = [.../STARTING_NAMESPACES = \[([^\]]*)\]/.exec(i18nText)![1]!.matchAll(/'([^']+)'/g)].map(
  (m) => m[1]!,
);

const parsed = new Map<string, { imports: string[]; namespaces: string[] }>();
function moduleOf(file: string) {
  let found = parsed.get(file);
  if (found) return found;
  const text = fs.readFileSync(file, 'utf8');
  const imports = [...text.matchAll(/(?:\bfrom|^import)\s+'(\.[^']+\.tsx?)'/gm)].map((m) =>
    path.resolve(path.dirname(file), m[1]!),
  );
  const namespaces = new Set<string>();
  const quoted = (list: string) => [...list.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
  for (const m of text.matchAll(/useTranslation\(\s*(\[[^\]]*\]|'[^']*')/g))
    quoted(m[1]!).forEach((n) => namespaces.add(n));
  // (Not lib/i18n.ts's own STARTING_NAMESPACES: the list this test checks.)
  for (const m of text.matchAll(/(?<!STARTING_)NAMESPACES\s*=\s*\[([^\]]*)\]/g))
    quoted(m[1]!).forEach((n) => namespaces.add(n));
  for (const m of text.matchAll(/\b(?:ns|namespace):\s*'([a-z-]+)'/g)) namespaces.add(m[1]!);
  for (const m of text.matchAll(/['`]([a-z-]+):[a-zA-Z]/g)) if (known.has(m[1]!)) namespaces.add(m[1]!);
  found = { imports, namespaces: [...namespaces] };
  parsed.set(file, found);
  return found;
}

/** The catalogues a module and everything it imports statically use. */
function namespacesOf(entry: string): string[] {
  const seen = new Set<string>();
  const namespaces = new Set<string>();
  const stack = [entry];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const module = moduleOf(file);
    module.namespaces.forEach((n) => namespaces.add(n));
    stack.push(...module.imports);
  }
  return [...namespaces].sort();
}

const router = fs.readFileSync(path.join(SRC, 'app/router.tsx'), 'utf8');
const screens = [...router.matchAll(/screen\(\s*\[([^\]]*)\],\s*\(\) => import\('([^']+)'\)/g)].map((m) => ({
  file: m[2]!,
  declared: [...m[1]!.matchAll(/'([^']+)'/g)].map((n) => n[1]!),
}));

describe('catalogues per route (issue 34)', () => {
  it('loads at start what the entry script speaks from, each a catalogue there is', () => {
    expect([...starting].sort()).toEqual(namespacesOf(path.join(SRC, 'main.tsx')));
    expect(starting.length).toBeGreaterThan(2);
    for (const namespace of starting) expect(known.has(namespace), namespace).toBe(true);
  });

  it('fetches with each screen exactly the other catalogues its modules use', () => {
    expect(screens.length).toBe((router.match(/lazy:/g) ?? []).length);
    expect(screens.length).toBeGreaterThan(30);
    for (const { file, declared } of screens) {
      const used = namespacesOf(path.resolve(SRC, 'app', file)).filter((n) => !starting.includes(n));
      expect(declared, file).toEqual(used);
    }
  });

  it('reads a module the way the router and its screens are written', () => {
    // The reader's own check: a screen known to speak from three catalogues is found to.
    const plan = namespacesOf(path.join(SRC, 'features/plans/pages/plan-profile-page.tsx'));
    expect(plan).toEqual(expect.arrayContaining(['plans', 'plan-items', 'plan-records']));
  });
});
