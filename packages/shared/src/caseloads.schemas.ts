import { z } from 'zod';
import { nameSchemas } from './api-names.ts';
import { message } from './messages.ts';
import { idSchema } from './validators.ts';

/**
 * Caseloads (issue 32): every client has an assigned worker (`worker_id`), an active Coordinator
 * of the client's centre, or none. The client list filters by it, and clients are reassigned in
 * bulk, by ids or all of one worker's.
 */

/** At most this many clients are reassigned by ids in one call. */
export const REASSIGN_MAX = 1000;

/** The client list's worker filter: the caller's own clients, the unassigned, or one worker's. */
export const WORKER_FILTERS = ['me', 'none'] as const;
export type WorkerFilter = (typeof WORKER_FILTERS)[number] | number;

/** A query value that is empty is no filter. */
const blank = (v: unknown) => (v === '' ? undefined : v);

/** `worker` of GET /clients and its export: `me`, `none` or a user's id; left out, every client. */
export const workerFilterFields = {
  worker: z.preprocess(
    blank,
    z.union([z.enum(WORKER_FILTERS), idSchema()], { error: message('choice') }).optional(),
  ),
};

/**
 * POST /clients/reassign: the clients (`client_ids`), or every client of one worker within reach
 * (`from_worker_id`), one of the two, go to `worker_id` (null: unassigned).
 */
export const clientReassignBodySchema = z
  .object({
    client_ids: z
      .array(idSchema())
      .min(1, message('required'))
      .max(REASSIGN_MAX, message('range', { min: 1, max: REASSIGN_MAX }))
      .optional(),
    from_worker_id: idSchema().optional(),
    worker_id: idSchema().nullable(),
  })
  .superRefine((b, ctx) => {
    if ((b.client_ids === undefined) === (b.from_worker_id === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['client_ids'], message: message('required') });
    }
  });
export type ClientReassignBody = z.input<typeof clientReassignBodySchema>;

/** What a reassignment answers: how many clients it moved, and the clients it named. */
export const clientReassignResultSchema = z.object({
  reassigned: z.number().int(),
  client_ids: z.array(z.number().int()),
  worker_id: z.number().int().nullable(),
});
export type ClientReassignResult = z.infer<typeof clientReassignResultSchema>;

/** GET /workers?centre_id=: the workers a centre's clients may be given. */
export const workerQuerySchema = z.object({ centre_id: idSchema() });

/** A worker: an active Coordinator of the centre. */
export const workerSchema = z.object({
  user_id: z.number().int(),
  full_name: z.string(),
});
export type Worker = z.infer<typeof workerSchema>;
export const workerListSchema = z.array(workerSchema);

// Names in the API description's components.schemas (api-names.ts).
nameSchemas({
  ClientReassignBody: clientReassignBodySchema,
  ClientReassignResult: clientReassignResultSchema,
  Worker: workerSchema,
});
