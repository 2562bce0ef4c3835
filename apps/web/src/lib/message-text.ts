import { messageOf, type MessageParams, type MessageRef } from '@cairn/shared/messages';
import i18n from './i18n.ts';

/**
 * Messages come by code and values (ARCHITECTURE.md, messages by code): from a shared schema as
 * `message(…)` texts, from the API as `code`/`params` and `field_codes`. These word them in the
 * active language, from the `validation` and `api-errors` catalogues.
 */

/** An API error's message; the generic failure for a code the catalogue does not know. */
export function errorText(code: string, params?: MessageParams): string {
  return i18n.exists(code, { ns: 'api-errors' })
    ? i18n.t(code, { ns: 'api-errors', replace: params })
    : i18n.t('common:errors.generic');
}

/** A field's message: a validation message, else the error the field is the cause of (email_taken). */
export function fieldText({ code, params }: MessageRef): string {
  const ns = ['validation', 'api-errors'].find((n) => i18n.exists(code, { ns: n }));
  return ns ? i18n.t(code, { ns, replace: params }) : i18n.t('validation:invalid');
}

/** The message of a zod issue from a shared schema (`message(…)`); zod's own read 'is not valid'. */
export function messageText(text: string | undefined): string {
  return fieldText(messageOf(text));
}
