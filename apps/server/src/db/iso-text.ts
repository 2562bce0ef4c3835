import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A timestamp as the API writes it (UTC with milliseconds, e.g. 2026-11-22T15:04:05.123Z), made
 * by the database so that both drivers answer the same text.
 */
export const isoText = (column: SQL | AnyPgColumn) =>
  sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
