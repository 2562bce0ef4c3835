import fastJson, { type Schema } from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { toJSONSchema, type ZodType } from 'zod';

type JsonSchemaNode = { [keyword: string]: unknown };

/** Keywords that only constrain values: the serialiser writes what it is given. */
const VALIDATION_ONLY = new Set(['enum', 'minimum', 'maximum', 'minLength', 'maxLength', 'pattern']);

/**
 * The schema as a serialiser needs it. A field documented with `.meta()` (packages/shared
 * validators.ts: choices and dates) carries its documented type beside zod's own `anyOf`; the
 * documented one wins, with `nullable` written as a type that admits null.
 */
function forSerialising(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forSerialising);
  if (typeof node !== 'object' || node === null) return node;
  const source = node as JsonSchemaNode;
  const out: JsonSchemaNode = {};
  for (const [keyword, value] of Object.entries(source)) {
    if (VALIDATION_ONLY.has(keyword) || keyword === 'nullable' || keyword === '$schema') continue;
    if (keyword === 'anyOf' && 'type' in source) continue;
    out[keyword] = forSerialising(value);
  }
  if (source.nullable === true && typeof source.type === 'string') out.type = [source.type, 'null'];
  return out;
}

/**
 * Every answer's serialiser: the route's response schema (zod, from packages/shared) turned once
 * into JSON Schema and compiled by fast-json-stringify, Fastify's own serialiser. Checking each
 * answer with zod before JSON.stringify took about 7 % of a client profile request
 * (docs/performance.md); like zod, it writes only the documented properties. A response schema
 * JSON Schema cannot express stops the app at start, never at an answer.
 */
export const responseSerializer: FastifySerializerCompiler<ZodType> = (route) =>
  fastJson(
    forSerialising(
      toJSONSchema(route.schema, { io: 'output', target: 'draft-07', unrepresentable: 'throw' }),
    ) as Schema,
  );
