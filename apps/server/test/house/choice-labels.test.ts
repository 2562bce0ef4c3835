import fs from 'node:fs';
import path from 'node:path';
import { ATTACHMENT_CATEGORIES } from '@cairn/shared/attachments.schemas';
import * as enums from '@cairn/shared/enums';
import { LOCALES } from '@cairn/shared/locales';
import { PROVINCE_CODES } from '@cairn/shared/provinces';
import { describe, expect, it } from 'vitest';
import { ROOT, sourcesUnder } from '../helpers/catalogues.ts';

/**
 * Every stored choice a screen offers has its label in every language (issue 34): the values are
 * stored as they are (the database's CHECKs and the ministry file use them), each labelled by
 * `<namespace>:<prefix>.<value>` (lib/choice-options.ts), which shows the stored value, in English,
 * when a catalogue has no label. The choices are found where the screens ask for them:
 * `useChoiceOptions('ns', 'prefix', VALUES)`, and the clients' and outcomes' shorthands.
 */
const VALUES: Record<string, readonly string[]> = {
  ...Object.fromEntries(Object.entries(enums).filter(([, v]) => Array.isArray(v))),
  ATTACHMENT_CATEGORIES,
  PROVINCE_CODES,
};

const CALLS: Array<{
  pattern: RegExp;
  at: (m: RegExpMatchArray) => { namespace: string; prefix: string; list: string };
}> = [
  {
    pattern: /useChoiceOptions\('([a-z-]+)', '([\w.]+)', ([A-Z_]+)\)/g,
    at: (m) => ({ namespace: m[1]!, prefix: m[2]!, list: m[3]! }),
  },
  {
    pattern: /useChoices\('(\w+)', ([A-Z_]+)\)/g,
    at: (m) => ({ namespace: 'clients', prefix: `options.${m[1]}`, list: m[2]! }),
  },
  {
    pattern: /useOutcomeChoices\('(\w+)', ([A-Z_]+)\)/g,
    at: (m) => ({ namespace: 'plan-records', prefix: `outcome.options.${m[1]}`, list: m[2]! }),
  },
];

const offered = sourcesUnder('apps/web/src').flatMap((file) => {
  const text = fs.readFileSync(file, 'utf8');
  return CALLS.flatMap(({ pattern, at }) =>
    [...text.matchAll(pattern)].map((m) => ({ ...at(m), file: path.relative(ROOT, file) })),
  );
});

function labelAt(locale: string, namespace: string, key: string): unknown {
  const catalogue = JSON.parse(
    fs.readFileSync(path.join(ROOT, 'apps/web/src/locales', locale, `${namespace}.json`), 'utf8'),
  ) as Record<string, unknown>;
  // Keys are dotted paths whose last part is the stored value, which may itself hold a dot.
  let node: unknown = catalogue;
  const parts = key.split('.');
  for (let i = 0; i < parts.length; i++) {
    const record = node as Record<string, unknown>;
    const rest = parts.slice(i).join('.');
    if (record && typeof record === 'object' && rest in record) return record[rest];
    node = record?.[parts[i]!];
  }
  return node;
}

describe('choice labels', () => {
  it('finds the choices the screens offer', () => {
    expect(offered.length).toBeGreaterThan(15);
    for (const o of offered) expect(VALUES[o.list], `${o.file}: ${o.list}`).toBeDefined();
  });

  for (const locale of LOCALES) {
    it(`labels every offered choice in ${locale}`, () => {
      const missing = offered.flatMap((o) =>
        VALUES[o.list]!.filter(
          (value) => typeof labelAt(locale, o.namespace, `${o.prefix}.${value}`) !== 'string',
        ).map((value) => `${o.file}: ${o.namespace}:${o.prefix}.${value}`),
      );
      expect([...new Set(missing)]).toEqual([]);
    });
  }
});
