import { clientCreateBodySchema } from './clients.schemas.ts';
import type { FieldMessage } from './errors.ts';
import { answerOf } from './import-reading.ts';
import type { DateOrder, ImportField } from './imports.schemas.ts';
import { messageOf } from './messages.ts';
import { checkTexts } from './text-rules.ts';
import type { z } from 'zod';

/** A row checked as an intake is: the body a create takes, or its problems by field. */
export type CheckedRow =
  | { ok: true; body: z.output<typeof clientCreateBodySchema> }
  | { ok: false; problems: Array<FieldMessage & { field: string }> };

/** A row's answers by field (API names) from its cells and each column's field. */
export function rowAnswers(
  cells: readonly (string | null)[],
  fields: readonly (ImportField | null)[],
  order: DateOrder,
): Partial<Record<ImportField, unknown>> {
  const answers: Partial<Record<ImportField, unknown>> = {};
  fields.forEach((field, i) => {
    if (field !== null) answers[field] = answerOf(field, cells[i] ?? null, order);
  });
  return answers;
}

/**
 * A row's answers through the very checks of an intake (POST /clients): the one text rule, then
 * the shared schema of the create, so a row's problems carry the codes the intake answers.
 */
export function checkRow(answers: Record<string, unknown>): CheckedRow {
  const at = checkTexts(answers);
  if (at !== undefined) return { ok: false, problems: [{ field: at || 'row', code: 'controlCharacters' }] };
  const parsed = clientCreateBodySchema.safeParse(answers);
  if (parsed.success) return { ok: true, body: parsed.data };
  const problems: Array<FieldMessage & { field: string }> = [];
  const seen = new Set<string>();
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'row');
    if (seen.has(field)) continue;
    seen.add(field);
    problems.push({ field, ...messageOf(issue.message) });
  }
  return { ok: false, problems };
}
