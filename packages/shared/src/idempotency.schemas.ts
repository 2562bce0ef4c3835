import { z } from 'zod';
import { message } from './messages.ts';

/** The request header that makes a create safe to send twice (lower-case, as HTTP headers are compared). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** The answer header saying an answer is the stored one of an earlier request with the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

/** How long a key is remembered: a repeat within this answers the first answer. */
export const IDEMPOTENCY_KEY_HOURS = 24;

/** A key the client makes up for one submission (a UUID, say): 1–255 visible ASCII characters. */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/, message('idempotencyKey'))
  .meta({
    description:
      `A key of the client's own (e.g. a UUID), one per submission. A repeat from the same user for the ` +
      `same request within ${IDEMPOTENCY_KEY_HOURS} hours answers the first answer again (with ` +
      `Idempotent-Replayed: true) and writes nothing; the same key with another request answers 422. ` +
      `Refused answers are not kept, so a corrected request may reuse the key.`,
  });

/** The headers of a create route: the optional Idempotency-Key (others pass through unvalidated). */
export const idempotencyHeadersSchema = z.object({
  [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema.optional(),
});
