import { z } from 'zod';
import { nameSchemas } from './api-names.ts';
import { idSchema, isoDateTime } from './validators.ts';
import { CLIENT_MERGE_FIELDS } from './client-merge.schemas.ts';

/** Spreadsheet imports (issue 31): limits of one file and how long an uncommitted import is kept. */
export const IMPORT_LIMITS = {
  maxRows: 50_000,
  maxBytes: 20 * 1024 * 1024,
  /** Problems a preview lists; problems.xlsx holds every one. */
  problemsShown: 100,
  /** Columns read from a file; more are left out. */
  maxColumns: 100,
  /** An uncommitted import is removed after this long. */
  expiryHours: 24,
  /** Imported clients a commit's answer names. */
  clientsShown: 100,
} as const;

export const IMPORT_KINDS = ['clients'] as const;
/** How a date such as 05/03/2024 reads: day first (5 March) or month first (May 3). */
export const DATE_ORDERS = ['dmy', 'mdy'] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];
/** What a commit does with a row that is a duplicate: leave it out, update the client it matches, or create anyway. */
export const DUPLICATE_ACTIONS = ['skip', 'update', 'create'] as const;
export type DuplicateAction = (typeof DUPLICATE_ACTIONS)[number];

/**
 * The client fields a file's columns may hold (spec §3, API names), in the template's order.
 * `centre_id` takes a centre's name or id. The same fields as a merge chooses between: every field
 * of a client's record.
 */
export const IMPORT_FIELDS = CLIENT_MERGE_FIELDS;
export type ImportField = (typeof IMPORT_FIELDS)[number];

const dateOrder = z.enum(DATE_ORDERS);

/** The form fields of POST /imports beside the file. */
export const importFormSchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  /** The centre of every row without a centre column's answer (Admins; a Coordinator's is their own). */
  centre_id: z.preprocess((v) => (v === '' ? undefined : v), idSchema().optional()),
  date_order: dateOrder.default('dmy'),
});

export const importTemplateQuerySchema = z.object({ kind: z.enum(IMPORT_KINDS) });

export const importColumnSchema = z.object({
  /** The column's place in the file, from 0. */
  column: z.number().int(),
  header: z.string(),
  /** The field the column fills, or null when it fills none (left out). */
  field: z.enum(IMPORT_FIELDS).nullable(),
});

export const importProblemSchema = z.object({
  /** The row's number in the file (the header is row 1). */
  row: z.number().int(),
  field: z.string(),
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

export const importPreviewSchema = z.object({
  import_id: z.number().int(),
  kind: z.enum(IMPORT_KINDS),
  file_name: z.string(),
  centre_id: z.number().int().nullable(),
  date_order: dateOrder,
  columns: z.array(importColumnSchema),
  /** The headers no field was matched to. */
  unmatched: z.array(z.string()),
  rows: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  /** Valid rows matching an existing client, or an earlier row of the file. */
  duplicates: z.number().int(),
  problems: z.array(importProblemSchema),
  expires_at: isoDateTime,
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** PUT /imports/{id}: the columns' fields (each field once at most), the centre, the date order. */
export const importUpdateBodySchema = z.object({
  columns: z
    .array(z.object({ column: z.number().int().min(0).max(1000), field: z.enum(IMPORT_FIELDS).nullable() }))
    .max(1000)
    .optional(),
  centre_id: idSchema().nullish(),
  date_order: dateOrder.optional(),
});
export type ImportUpdateBody = z.input<typeof importUpdateBodySchema>;

const duplicateAction = z.enum(DUPLICATE_ACTIONS);
/** POST /imports/{id}/commit: what to do with duplicates, and per row (its number) when it differs. */
export const importCommitBodySchema = z.object({
  duplicates: duplicateAction,
  rows: z
    .record(z.string().regex(/^[1-9]\d{0,5}$/), duplicateAction)
    .optional()
    .describe('A choice per row number, for duplicate rows, overriding `duplicates`.'),
});
export type ImportCommitBody = z.input<typeof importCommitBodySchema>;

export const importedClientSchema = z.object({
  client_id: z.number().int(),
  full_name: z.string(),
  action: z.enum(['created', 'updated']),
});

export const importCommitResultSchema = z.object({
  import_id: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  rejected: z.number().int(),
  /** The first clients created or updated (at most IMPORT_LIMITS.clientsShown). */
  clients: z.array(importedClientSchema),
});
export type ImportCommitResult = z.infer<typeof importCommitResultSchema>;

// Names in the API description's components.schemas (api-names.ts).
nameSchemas({
  ImportColumn: importColumnSchema,
  ImportProblem: importProblemSchema,
  ImportPreview: importPreviewSchema,
  ImportUpdateBody: importUpdateBodySchema,
  ImportCommitBody: importCommitBodySchema,
  ImportedClient: importedClientSchema,
  ImportCommitResult: importCommitResultSchema,
});
