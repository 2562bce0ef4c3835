import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { documentFileAnswers } from './xlsx-stream.ts';

/**
 * The API description's last steps (ARCHITECTURE.md, Conventions: named schemas). Every shared
 * schema named with `.meta({ id })` becomes one entry of `components.schemas`, referenced by
 * `$ref` wherever a route uses it (fastify-type-provider-zod's transforms). That library names
 * each schema twice, `Client` as answered and `ClientInput` as accepted; here the two become one
 * `Client` when they are the same or only one is used, and names no route reaches are dropped.
 */

type Node = Record<string, unknown>;
type SwaggerDocument = Parameters<typeof jsonSchemaTransformObject>[0];

const REF_PREFIX = '#/components/schemas/';
const INPUT = 'Input';

export function finishApiDescription(
  document: SwaggerDocument,
): ReturnType<typeof jsonSchemaTransformObject> {
  const described = jsonSchemaTransformObject(document) as unknown as Node;
  const components = (described.components ?? {}) as Node;
  const named = (components.schemas ?? {}) as Record<string, Node>;
  const schemas = nullableInBranches(named, named);
  const { paths: describedPaths, ...rest } = described;
  const paths = nullableInBranches(describedPaths, schemas);
  const reached = reachedNames(paths, schemas);
  const renames = new Map<string, string>();
  const kept: Record<string, Node> = {};
  for (const name of [...reached].sort()) {
    if (!name.endsWith(INPUT) || !(name.slice(0, -INPUT.length) in schemas)) {
      kept[name] = schemas[name]!;
      continue;
    }
    const base = name.slice(0, -INPUT.length);
    // The accepted shape takes the plain name when the answered one is not used or is the same.
    if (!reached.has(base) || sameShape(schemas[name]!, schemas[base]!)) {
      renames.set(name, base);
      kept[base] = schemas[name]!;
    } else {
      kept[name] = schemas[name]!;
    }
  }
  const renamed = renameRefs({ ...rest, paths, components: { ...components, schemas: kept } }, renames);
  return documentFileAnswers(renamed) as ReturnType<typeof jsonSchemaTransformObject>;
}

/** Every `$ref` target in a value. */
function refsIn(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const entry of value) refsIn(entry, into);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith(REF_PREFIX)) {
        into.add(child.slice(REF_PREFIX.length));
      } else refsIn(child, into);
    }
  }
  return into;
}

/** The names the paths refer to, and the names those refer to in turn. */
function reachedNames(paths: unknown, schemas: Record<string, Node>): Set<string> {
  const reached = new Set<string>();
  const queue = [...refsIn(paths, new Set())];
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (reached.has(name)) continue;
    reached.add(name);
    queue.push(...refsIn(schemas[name], new Set()));
  }
  return reached;
}

/** The same schema once the accepted shapes' references read as the answered ones. */
function sameShape(input: Node, output: Node): boolean {
  const plain = (value: Node) =>
    JSON.stringify(value, (key, child: unknown) =>
      key === '$ref' && typeof child === 'string' && child.endsWith(INPUT)
        ? child.slice(0, -INPUT.length)
        : child,
    );
  return plain(input) === plain(output);
}

function renameRefs<T>(value: T, renames: Map<string, string>): T {
  if (renames.size === 0) return value;
  return JSON.parse(JSON.stringify(value), (key, child: unknown) => {
    if (key !== '$ref' || typeof child !== 'string' || !child.startsWith(REF_PREFIX)) return child;
    const target = renames.get(child.slice(REF_PREFIX.length));
    return target ? REF_PREFIX + target : child;
  }) as T;
}

/**
 * OpenAPI 3.0 takes `nullable` only beside a `type`, and a null must pass every `allOf` branch.
 * zod writes a nullable union as `{ nullable, anyOf: [...] }`: the `nullable` moves into each
 * branch that has a type. A nullable named schema, `{ nullable, allOf: [{ $ref }] }`, is written
 * out in place, nullable (a `$ref` cannot say "or null" in 3.0).
 */
function nullableInBranches<T>(value: T, schemas: Record<string, Node>): T {
  if (Array.isArray(value)) return value.map((entry: unknown) => nullableInBranches(entry, schemas)) as T;
  if (!value || typeof value !== 'object') return value;
  const node = Object.fromEntries(
    Object.entries(value).map(([key, child]) => [key, nullableInBranches(child, schemas)]),
  ) as Node;
  if (node.nullable !== true || node.type !== undefined) return node as T;
  const { allOf, ...rest } = node as Node & { allOf?: Node[] };
  const ref = allOf?.length === 1 ? allOf[0]!.$ref : undefined;
  if (typeof ref === 'string' && ref.startsWith(REF_PREFIX)) {
    return { ...schemas[ref.slice(REF_PREFIX.length)], ...rest } as T;
  }
  const branches = (node.anyOf ?? node.oneOf) as Node[] | undefined;
  if (branches?.every((b) => b.type !== undefined)) {
    delete node.nullable;
    for (const branch of branches) branch.nullable = true;
  }
  return node as T;
}
