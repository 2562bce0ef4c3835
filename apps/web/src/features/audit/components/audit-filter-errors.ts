import { auditFilterSchema } from '@cairn/shared/audit.schemas';
import { schemaValidator } from '../../../lib/schema-validator.ts';

const validFilters = schemaValidator(auditFilterSchema);

export interface AuditFilterErrors {
  client?: string;
  from?: string;
  to?: string;
}

/**
 * The Audit screen's filter messages, worded, from the API's own schema: a client number that is
 * no whole number, a From after To. While one shows, the screen lists nothing rather than every
 * entry as if no filter were set.
 */
export function auditFilterErrors(values: { client: string; from?: string; to?: string }): AuditFilterErrors {
  const found = validFilters({ client_id: values.client.trim(), from: values.from, to: values.to });
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return { client: text(found.client_id), from: text(found.from), to: text(found.to) };
}

export const hasFilterErrors = (errors: AuditFilterErrors) => Object.values(errors).some(Boolean);
