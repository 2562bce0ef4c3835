import { z } from 'zod';

/**
 * Names shared schemas in the API description (ARCHITECTURE.md, Conventions: named schemas). Each
 * named schema is written once under `components.schemas` and referenced by `$ref` wherever a
 * route uses it. The name goes on the schema itself (zod's global registry, as `.meta({ id })`
 * would, but on the same object: what validates is unchanged).
 *
 * Names are PascalCase and unique (the server's test/integration/api-description.test.ts reads
 * every call). None ends in `Input`: the server's description calls a schema's accepted shape
 * `<name>Input` while it is being built (lib/api-description.ts). Query, path and header schemas
 * stay unnamed: the description lists them as parameters. A file evaluated again (the web's hot
 * reload) names its new schemas again, in place of the old.
 */
const named = new Map<string, z.ZodType>();

export function nameSchemas(schemas: Record<string, z.ZodType>): void {
  for (const [id, schema] of Object.entries(schemas)) {
    if (!/^[A-Z][A-Za-z0-9]*$/.test(id) || id.endsWith('Input')) {
      throw new Error(`The schema name ${id} is not PascalCase or ends in Input`);
    }
    named.set(id, schema);
    z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id });
  }
}

/** Every name given, with its schema (the API description's test reads it). */
export function namedSchemas(): ReadonlyMap<string, z.ZodType> {
  return named;
}
