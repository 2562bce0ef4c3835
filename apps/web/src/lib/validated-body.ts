import { messageOf, type MessageRef } from '@cairn/shared/messages';
import type { z } from 'zod';
import { ApiError } from './api-client.ts';
import { errorText } from './message-text.ts';

/**
 * A body checked by the same shared schema the server checks it with, in the form the API takes
 * (choices as their enumerations, numbers as numbers). A body the schema refuses never leaves the
 * browser: it fails exactly as the server would answer it, a 400 with a message per field.
 */
export function validatedBody<S extends z.ZodType>(schema: S, body: unknown, url: string): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const fields: Record<string, MessageRef> = {};
  for (const issue of parsed.error.issues)
    fields[issue.path.join('.') || 'body'] ??= messageOf(issue.message);
  throw new ApiError(400, 'validation_failed', errorText('validation_failed'), 'POST', url, fields);
}
