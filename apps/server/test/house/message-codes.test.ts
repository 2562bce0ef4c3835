import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasKey, ROOT, sourcesUnder } from '../helpers/catalogues.ts';

/**
 * Every message and error code the code names literally is worded in the English catalogues
 * (packages/shared/src/locales/en/): a validation message `message('maxLength', …)`, a field's
 * message `{ code: 'required' }` (a validation message, or the error the field is the cause of),
 * and an API error (`new HttpError(409, 'email_taken')`, `conflict('…')`, `errorText('…')` …).
 */
type Use = { kind: 'message' | 'field' | 'error'; code: string; file: string };

const PATTERNS: Array<[Use['kind'], RegExp]> = [
  ['message', /\bmessage\(\s*'([^']+)'/g],
  ['field', /\{\s*code:\s*'([^']+)'\s*(?:,\s*params:[^}]*)?\}/g],
  [
    'error',
    /\b(?:new HttpError\(\s*\d+,|conflict\(|forbidden\(|notFound\(|errorBody\(|send\(|errorText\()\s*'([^']+)'/g,
  ],
];

function usesIn(file: string): Use[] {
  const text = fs.readFileSync(file, 'utf8');
  return PATTERNS.flatMap(([kind, pattern]) =>
    [...text.matchAll(pattern)].map((m) => ({ kind, code: m[1]!, file: path.relative(ROOT, file) })),
  );
}

function worded({ kind, code }: Pick<Use, 'kind' | 'code'>): boolean {
  if (kind === 'message') return hasKey('validation', code);
  if (kind === 'error') return hasKey('api-errors', code);
  return hasKey('validation', code) || hasKey('api-errors', code);
}

describe('message and error codes', () => {
  const uses = ['packages/shared/src', 'apps/server/src', 'apps/web/src'].flatMap((dir) =>
    sourcesUnder(dir).flatMap(usesIn),
  );

  it('finds the codes the code names', () => {
    for (const kind of ['message', 'field', 'error'] as const) {
      expect(uses.filter((u) => u.kind === kind).length, kind).toBeGreaterThan(kind === 'message' ? 40 : 5);
    }
  });

  it('has every code in the English catalogue', () => {
    const missing = uses.filter((u) => !worded(u)).map((u) => `${u.file}: ${u.kind} ${u.code}`);
    expect(missing).toEqual([]);
  });

  it('finds a missing code when there is one', () => {
    expect(worded({ kind: 'message', code: 'noSuchMessage' })).toBe(false);
    expect(worded({ kind: 'message', code: 'email_taken' })).toBe(false);
    expect(worded({ kind: 'error', code: 'required' })).toBe(false);
    expect(worded({ kind: 'field', code: 'email_taken' })).toBe(true);
  });
});
