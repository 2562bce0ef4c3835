import fs from 'node:fs';
import path from 'node:path';
import { namedSchemas } from '@cairn/shared/api-names';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRefsInlined, type JsonSchema } from '../helpers/api-fuzz.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * The API description GET /api/docs/json answers (ARCHITECTURE.md, Conventions): its shared
 * schemas named once under components.schemas and referenced, every operation with a unique
 * camelCase operationId and a summary. `npm run api:lint` lints the same document with Redocly.
 */
interface Operation {
  operationId?: string;
  summary?: string;
}
interface Description {
  openapi: string;
  servers?: unknown[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, JsonSchema> };
}

const SHARED = path.resolve(import.meta.dirname, '../../../../packages/shared/src');

let t: TestApp;
let text: string;
let description: Description;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.call('GET', '/api/docs/json');
  expect(res.status).toBe(200);
  text = res.body;
  description = res.json as Description;
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(description.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ at: `${method.toUpperCase()} ${path}`, op })),
  );

/** Every `$ref` in a value. */
function refsIn(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) refsIn(v, into);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref') into.push(String(child));
      else refsIn(child, into);
    }
  }
  return into;
}

describe('the API description', () => {
  it('is under 400 KB, the schemas written once', () => {
    const kb = Buffer.byteLength(text) / 1024;
    console.log(`GET /api/docs/json: ${kb.toFixed(0)} KB, ${operations().length} operations`);
    expect(kb).toBeLessThan(400);
  });

  it('names the shared schemas under components.schemas, each referenced and each reference known', () => {
    const schemas = description.components.schemas ?? {};
    const names = Object.keys(schemas);
    expect(names).toEqual(
      expect.arrayContaining(['Client', 'ClientCreateBody', 'Plan', 'Note', 'ErrorResponse', 'User']),
    );
    const refs = refsIn(description);
    const targets = new Set(refs.map((ref) => ref.replace('#/components/schemas/', '')));
    expect(refs.filter((ref) => !ref.startsWith('#/components/schemas/'))).toEqual([]);
    expect([...targets].filter((name) => !(name in schemas))).toEqual([]);
    expect(names.filter((name) => !targets.has(name))).toEqual([]);
    // Every component is a name given in the shared schemas (api-names.ts), none of the library's.
    expect(names.filter((name) => !namedSchemas().has(name))).toEqual([]);
    expect(() => withRefsInlined(description.paths, schemas)).not.toThrow();
  });

  it('answers errors by reference to ErrorResponse', () => {
    const client = description.paths['/api/clients/{id}']!.get as unknown as {
      responses: Record<string, { content: Record<string, { schema: JsonSchema }> }>;
    };
    expect(client.responses['404']!.content['application/json']!.schema).toEqual({
      $ref: '#/components/schemas/ErrorResponse',
    });
    expect(client.responses['200']!.content['application/json']!.schema).toEqual({
      $ref: '#/components/schemas/Client',
    });
  });

  it('gives every operation a unique camelCase operationId and a summary', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThanOrEqual(90);
    expect(
      ops.filter(({ op }) => !/^[a-z][A-Za-z0-9]*$/.test(op.operationId ?? '')).map((o) => o.at),
    ).toEqual([]);
    expect(ops.filter(({ op }) => !op.summary?.trim()).map((o) => o.at)).toEqual([]);
    const ids = ops.map(({ op }) => op.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(description.paths['/api/clients']!.get!.operationId).toBe('listClients');
    expect(description.paths['/api/clients/{id}']!.get!.operationId).toBe('getClient');
    expect(description.paths['/api/notes']!.post!.operationId).toBe('createNote');
  });

  it('names its server', () => {
    expect(description.openapi).toMatch(/^3\.0\./);
    expect(description.servers).toEqual([{ url: '/', description: 'This Cairn server' }]);
  });
});

describe('schema names', () => {
  it('are PascalCase, and none ends in Input', () => {
    const names = [...namedSchemas().keys()];
    expect(names.length).toBeGreaterThan(50);
    expect(names.filter((name) => !/^[A-Z][A-Za-z0-9]*$/.test(name) || name.endsWith('Input'))).toEqual([]);
  });

  it('are each given once, in one file', () => {
    const given: string[] = [];
    for (const file of fs.readdirSync(SHARED).filter((f) => f.endsWith('.ts'))) {
      const text = fs.readFileSync(path.join(SHARED, file), 'utf8');
      for (const call of text.matchAll(/^nameSchemas\(\{\n([\s\S]*?)\n\}\);$/gm)) {
        given.push(...call[1]!.split('\n').map((line) => line.trim().split(':')[0]!));
      }
    }
    expect(given.length).toBe(namedSchemas().size);
    expect(given.filter((name, i) => given.indexOf(name) !== i)).toEqual([]);
  });
});
