import fc from 'fast-check';
import { MAX_NESTING } from '@cairn/shared/text-rules';

/** The parts of an OpenAPI 3.0 document the fuzzer reads. */
export interface JsonSchema {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}
interface OperationObject {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
  security?: unknown[];
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface Operation {
  method: string;
  path: string;
  operation: OperationObject;
}

/** Every operation, with each `$ref` to a named schema written out in place. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const paths = withRefsInlined(document.paths, document.components?.schemas ?? {});
  return Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
}

const REF_PREFIX = '#/components/schemas/';

/** `value` with every `{ $ref: '#/components/schemas/X' }` replaced by X; an unknown name throws. */
export function withRefsInlined<T>(value: T, schemas: Record<string, JsonSchema>, seen: string[] = []): T {
  if (Array.isArray(value)) return value.map((v: unknown) => withRefsInlined(v, schemas, seen)) as T;
  if (!value || typeof value !== 'object') return value;
  const { $ref, ...rest } = value as JsonSchema & Record<string, unknown>;
  const inlined = Object.fromEntries(
    Object.entries(rest).map(([key, child]) => [key, withRefsInlined(child, schemas, seen)]),
  );
  if (typeof $ref !== 'string') return inlined as T;
  const name = $ref.startsWith(REF_PREFIX) ? $ref.slice(REF_PREFIX.length) : '';
  if (!schemas[name]) throw new Error(`${$ref} names no schema of the description`);
  if (seen.includes(name)) throw new Error(`${$ref} refers to itself`);
  return { ...withRefsInlined(schemas[name], schemas, [...seen, name]), ...inlined } as T;
}

/** Values a hostile client tries anywhere: wrong types, the integer range's edges, NUL, odd text. */
const hostile: fc.Arbitrary<unknown> = fc.constantFrom<unknown>(
  null,
  '',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  'x'.repeat(5000),
  'e\u0301\u200b\ud83c\udf32',
  '\ud800',
  "'; drop table clients; --",
  '9999-12-31',
  '0000-00-00',
  '1800-01-01',
  '2026-02-30',
  2147483647,
  2147483648,
  -2147483649,
  2 ** 53 + 2,
  -1,
  0,
  0.5,
  1e308,
  true,
  [],
  {},
  [null],
  { __proto__: { polluted: true } },
  { constructor: { prototype: { polluted: true } } },
);

/**
 * Ids as a path or query carries them: around both integer ranges, not numbers, bad encodings, and
 * numbers written otherwise than in canonical decimal (issue 27: never record 1 or 1000).
 */
export const hostileIdText = fc.constantFrom(
  '1',
  '1e0',
  '1e3',
  '0x1',
  '01',
  '1.0',
  '1%20',
  '+1',
  '%2B1',
  '2',
  '2147483647',
  '2147483648',
  '9007199254740993',
  '99999999999999999999',
  '1e400',
  '0',
  '-1',
  '1.5',
  'abc',
  '%00',
  '%E0%A4%A',
  '%',
  'NaN',
  ' 1',
);

/** Free text as a path or query carries it, percent-encoded or raw. */
export const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
  fc
    .string({ unit: 'binary', maxLength: 40 })
    .map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, ''))),
  fc.constantFrom(
    '%00',
    '%E0%A4%A',
    '%',
    'a'.repeat(129),
    'a'.repeat(3000),
    '%C3%A9'.repeat(128),
    '..%2F..%2Fetc',
  ),
);

/** A header's value: mostly one its schema takes (a UUID for a key), else what a hostile client sends. */
export const hostileHeaderText = fc.oneof(
  { weight: 3, arbitrary: fc.uuid() },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      'two words',
      'k'.repeat(255),
      'k'.repeat(256),
      'x'.repeat(5000),
      'cl\u00e9',
      'a\u0000b',
      '\u0007\u001b[31m',
      "'; drop table clients; --",
      '2147483648',
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 40 }) },
);

/** A value shaped like `schema` most of the time, and hostile the rest. */
export function valueFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return hostile;
  return fc.oneof({ weight: 12, arbitrary: shaped(schema, depth) }, { weight: 1, arbitrary: hostile });
}

function shaped(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const branches = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (branches?.length) return fc.oneof(...branches.map((b) => valueFor(b, depth + 1)));
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      const fields = Object.fromEntries(properties.map(([name, s]) => [name, valueFor(s, depth + 1)]));
      // Mostly with every required field, so requests get past validation to the rules behind it.
      const record = fc.oneof(
        { weight: 3, arbitrary: fc.record(fields, { requiredKeys: (schema.required ?? []) as never[] }) },
        { weight: 1, arbitrary: fc.record(fields, { requiredKeys: [] }) },
      );
      // Sometimes a field nobody asked for rides along.
      return fc
        .tuple(record, fc.option(fc.dictionary(fc.string({ maxLength: 8 }), hostile, { maxKeys: 2 })))
        .map(([r, extra]) => ({ ...(extra ?? {}), ...r }));
    }
    case 'array':
      return fc.array(valueFor(schema.items, depth + 1), { maxLength: 4 });
    case 'string':
      if (schema.format === 'date' || schema.format === 'date-time') {
        const iso = (min: string, max: string) =>
          fc
            .date({ min: new Date(min), max: new Date(max), noInvalidDate: true })
            .map((d) => d.toISOString().slice(0, schema.format === 'date' ? 10 : 24));
        return fc.oneof(
          { weight: 4, arbitrary: iso('2020-01-01', new Date(Date.now() - 86_400_000).toISOString()) },
          { weight: 1, arbitrary: iso('1850-01-01', '2100-01-01') },
          { weight: 1, arbitrary: fc.constantFrom('2026-13-01', '2026-1-1', 'today') },
        );
      }
      if (schema.pattern?.includes('@')) return fc.oneof(fc.emailAddress(), fc.string({ maxLength: 20 }));
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 80, 80) });
    case 'integer':
      return fc.oneof(fc.integer({ min: -3, max: 40 }), fc.constantFrom(2147483647, 2147483648, 2 ** 53));
    case 'number':
      return fc.oneof(fc.double({ noNaN: true }), fc.constantFrom(9_999_999.99, 10_000_000, -0.01));
    case 'boolean':
      return fc.boolean();
    default:
      return hostile;
  }
}

/** JSON text nested `levels` deep, as objects (`{"a":…}`) or arrays. */
export function nestedJson(levels: number, kind: 'object' | 'array' = 'object'): string {
  return kind === 'object'
    ? `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`
    : `${'['.repeat(levels)}${']'.repeat(levels)}`;
}

/** Bodies nested past the limit (issue 27): just past it, 5,000 levels, 100,000 levels of arrays. */
export const deepJson = fc.constantFrom(
  nestedJson(MAX_NESTING + 1),
  nestedJson(5000),
  nestedJson(100_000, 'array'),
);

/** A whole request body: usually schema-shaped, sometimes not even JSON of the right kind. */
export function bodyFor(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 5, arbitrary: valueFor(schema) }, { weight: 1, arbitrary: hostile });
}

/**
 * A request for `op`: its URL with hostile path and query values, the headers it documents (each
 * left out, or hostile), and a body when it takes one.
 */
export function requestFor(op: Operation) {
  const parameters = op.operation.parameters ?? [];
  const pathValues = fc.record(
    Object.fromEntries(
      parameters
        .filter((p) => p.in === 'path')
        .map((p) => [p.name, p.schema.type === 'integer' || p.name === 'id' ? hostileIdText : hostileText]),
    ),
  );
  const query = fc.array(
    fc.tuple(
      fc.constantFrom(...parameters.filter((p) => p.in === 'query').map((p) => p.name), 'unexpected'),
      fc.oneof(hostileText, hostileIdText),
    ),
    { maxLength: 3 },
  );
  const headerParameters = parameters.filter((p) => p.in === 'header');
  // An operation documenting no header draws exactly as before, so its seeded requests stay the same.
  const headers: fc.Arbitrary<Record<string, string | null>> = headerParameters.length
    ? fc.record(Object.fromEntries(headerParameters.map((p) => [p.name, fc.option(hostileHeaderText)])))
    : fc.constant({});
  const bodySchema = op.operation.requestBody?.content?.['application/json']?.schema;
  const body = op.operation.requestBody ? bodyFor(bodySchema) : fc.constant(undefined);
  // Sometimes, in place of the body, JSON text nested past the limit (sent as it is).
  const raw = op.operation.requestBody ? fc.option(deepJson, { freq: 6 }) : fc.constant(null);
  return fc
    .record({ pathValues, query, body, headers, raw })
    .map(({ pathValues, query, body, headers, raw }) => {
      const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => String(pathValues[name]));
      const search = query.map(([k, v]) => `${k}=${v}`).join('&');
      const sent = Object.entries(headers).filter((e): e is [string, string] => e[1] !== null);
      return { url: search ? `${path}?${search}` : path, headers: Object.fromEntries(sent), body, raw };
    });
}

/** What an error answer must never show: a stack, a file path, SQL or the database's own words. */
export const LEAK =
  /(\bat \S+:\d+:\d+)|node_modules|\/src\/|\bselect\s[\s\S]*\sfrom\b|\binsert into\b|\bviolates\b|syntax error|relation "|column "|duplicate key|\bpg_[a-z_]+|SQLSTATE|ZodError|FST_ERR/i;
