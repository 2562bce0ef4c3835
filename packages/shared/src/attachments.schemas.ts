import { z } from 'zod';
import { message } from './messages.ts';
import {
  choiceOf,
  isoDateTime,
  optionalChoice,
  optionalChoiceOf,
  optionalText,
  requiredText,
} from './validators.ts';
import { nameSchemas } from './api-names.ts';

/** A client's documents (issue 15): limits that the server checks and the web shows. */
export const ATTACHMENT_LIMITS = {
  /** The default of ATTACHMENT_MAX_BYTES: 10 MB per file. */
  defaultMaxBytes: 10 * 1024 * 1024,
  perClient: 200,
  nameMax: 255,
  noteMax: 1024,
} as const;

/** A size limit in MB as the attachment_too_large message says it (one decimal at most). */
export const megabytesOf = (maxBytes: number) => Math.round((maxBytes / (1024 * 1024)) * 10) / 10;

/** A file's optional category. */
export const ATTACHMENT_CATEGORIES = [
  'consent',
  'identification',
  'resume',
  'certificate',
  'correspondence',
  'other',
] as const;
export type AttachmentCategory = (typeof ATTACHMENT_CATEGORIES)[number];

/** The kinds of file kept, by the type their content shows (never by their name or the browser's word). */
export const ATTACHMENT_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/heic',
  'image/webp',
  'text/plain',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.oasis.opendocument.text',
] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

/** The types a browser may show in place (`?inline=1`): PDFs and the images browsers draw. */
export const INLINE_ATTACHMENT_TYPES: readonly AttachmentType[] = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
];

export function isInlineType(type: string): boolean {
  return (INLINE_ATTACHMENT_TYPES as readonly string[]).includes(type);
}

/** The form fields beside the file of POST /clients/{id}/attachments. */
export const attachmentFieldsSchema = z.object({
  category: optionalChoice(ATTACHMENT_CATEGORIES),
  note: optionalText(ATTACHMENT_LIMITS.noteMax),
});

/** PUT /attachments/{id}: a new name, category or note (what is left out stays). */
export const attachmentUpdateSchema = z.object({
  name: requiredText(ATTACHMENT_LIMITS.nameMax)
    .refine((v) => !/[/\\\r\n\t]/.test(v), message('fileName'))
    .optional(),
  category: optionalChoice(ATTACHMENT_CATEGORIES).optional(),
  note: optionalText(ATTACHMENT_LIMITS.noteMax).optional(),
});
export type AttachmentUpdate = z.input<typeof attachmentUpdateSchema>;

/** GET /attachments/{id}/content: `inline=1` previews a PDF or an image. */
export const attachmentContentQuery = z.object({
  inline: z.enum(['0', '1']).optional(),
});

export const attachmentSchema = z.object({
  attachment_id: z.number().int(),
  client_id: z.number().int(),
  name: z.string(),
  content_type: choiceOf(ATTACHMENT_TYPES),
  size: z.number().int(),
  category: optionalChoiceOf(ATTACHMENT_CATEGORIES),
  note: z.string().nullable(),
  /** The uploader's user id. */
  uploaded_by: z.number().int().nullable(),
  /** The uploader's full name, for display. */
  uploaded_by_name: z.string().nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type Attachment = z.infer<typeof attachmentSchema>;
export const attachmentListSchema = z.array(attachmentSchema);

/** The limits this deployment sets (ATTACHMENT_MAX_BYTES), so the web refuses a file before sending it. */
export const attachmentLimitsSchema = z.object({
  /** The largest file accepted, in bytes. */
  max_bytes: z.number().int(),
  /** How many files one client may have. */
  per_client: z.number().int(),
});
export type AttachmentLimits = z.infer<typeof attachmentLimitsSchema>;

// Names in the API description's components.schemas (api-names.ts).
nameSchemas({
  AttachmentUpdate: attachmentUpdateSchema,
  Attachment: attachmentSchema,
  AttachmentLimits: attachmentLimitsSchema,
});
