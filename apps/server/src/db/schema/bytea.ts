import { customType } from 'drizzle-orm/pg-core';

/** Raw bytes (PostgreSQL bytea): node-postgres reads them as a Buffer, PGlite as a Uint8Array. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});
