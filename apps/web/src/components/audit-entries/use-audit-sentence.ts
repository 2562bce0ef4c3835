import type { AuditChange, AuditEntry } from '@cairn/shared/audit.schemas';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isIsoDate } from '@cairn/shared/dates';
import type { Formats } from '../../lib/formats.ts';
import { useFormats } from '../../lib/use-formats.ts';

type AuditT = TFunction<['audit', 'users', 'api-errors']>;

/** The kinds whose record goes by its own name ("Jane Doe’s phone"), not its client's. */
const SELF_NAMED = new Set(['client', 'user', 'centre', 'group', 'catalogue']);

/** A changed field's value in the reader's language: days and numbers through Intl, roles by title. */
function valueText(field: string, value: unknown, t: AuditT, fmt: Pick<Formats, 'locale' | 'longDate'>) {
  if (value === null || value === undefined || value === '') return t('values.empty');
  if (typeof value === 'boolean') return t(value ? 'values.yes' : 'values.no');
  if (field === 'role' && typeof value === 'number')
    return t(`users:roles.${value}`, { defaultValue: String(value) });
  if (typeof value === 'number') return new Intl.NumberFormat(fmt.locale).format(value);
  if (typeof value === 'string' && isIsoDate(value)) return fmt.longDate(value);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The changes of an update, one phrase each: "phone from 555-0100 to 555-0199", the SIN without values. */
function changesText(
  changes: readonly AuditChange[],
  owner: (field: string) => string,
  t: AuditT,
  fmt: Pick<Formats, 'locale' | 'longDate'>,
): string {
  const phrases = changes.map((c, i) => {
    const label = t(`fields.${c.field}`, { defaultValue: c.field.replaceAll('_', ' ') });
    const field = i === 0 ? owner(label) : label;
    return c.masked
      ? t('change.masked', { field })
      : t('change.value', {
          field,
          before: valueText(c.field, c.before, t, fmt),
          after: valueText(c.field, c.after, t, fmt),
        });
  });
  return new Intl.ListFormat(fmt.locale, { type: 'conjunction' }).format(phrases);
}

/** What the entry is about: the record by its name ("Jane Doe’s profile"), else by its number. */
function whatOf(e: AuditEntry, kind: string, t: AuditT): string {
  if (e.record_name !== null && kind !== 'report' && kind !== 'audit')
    return t(`named.${kind}`, { name: e.record_name });
  const thing = t(`what.${kind}`);
  if (e.client_id !== null && (kind === 'client' || !SELF_NAMED.has(kind)))
    return t('ofDeletedClient', { what: thing });
  if (kind === 'user' && e.record_id !== null) return t('ofUser', { what: thing, id: e.record_id });
  return thing;
}

/**
 * One audit entry as one line of the reader's language, built from the `audit` catalogue's
 * templates per action and record kind ("Coordinator Ana Smith changed Jane Doe’s phone from
 * 555-0100 to 555-0199"): a translation adds words, never code. The moment is not in it: the
 * table's When column says it, once. `t` looks in `audit` first,
 * then `users` (role titles) and `api-errors` (a refusal's reason).
 */
export function auditSentence(e: AuditEntry, t: AuditT, fmt: Pick<Formats, 'locale' | 'longDate'>): string {
  const role = e.role_id === null ? null : t(`users:roles.${e.role_id}`, { defaultValue: '' });
  const name = e.user_name ?? (e.user_id === null ? null : t('who.unknownUser', { id: e.user_id }));
  const who =
    name === null
      ? e.action === 'retention_drop' || e.action === 'key_rotation' || e.action === 'client_key_rotation'
        ? t('who.system')
        : t('who.nobody')
      : role
        ? t('who.user', { role, name })
        : t('who.userWithoutRole', { name });
  const kind = e.record_kind ?? 'client';
  const what = whatOf(e, kind, t);
  const listed = e.details.client_ids;
  // The first changed field says whose it is: "Jane Doe’s phone", "the topic of a note for Jane Doe".
  const owner = (field: string) =>
    e.record_name !== null && SELF_NAMED.has(kind)
      ? t('fieldOfNamed', { name: e.record_name, field })
      : t('fieldOfWhat', { what, field });
  const sentence =
    kind === 'client' && e.client_id === null && Array.isArray(listed) && e.action === 'read'
      ? t('sentence.list', { who, count: listed.length })
      : e.action === 'update' && e.changes && e.changes.length > 0
        ? t('sentence.changed', { who, changes: changesText(e.changes, owner, t, fmt) })
        : t(`sentence.${e.action}`, {
            who,
            what,
            client: e.record_name ?? t('deletedClient'),
            partition: typeof e.details.partition === 'string' ? e.details.partition : '',
            clients: typeof e.details.clients === 'number' ? e.details.clients : 0,
            attachments: typeof e.details.attachments === 'number' ? e.details.attachments : 0,
          });
  if (e.outcome === 'allowed') return sentence;
  return e.reason
    ? t('refusedBecause', { sentence, reason: t(`api-errors:${e.reason}`, { defaultValue: e.reason }) })
    : t('refused', { sentence });
}

/** `auditSentence` in the reader's language (the moment is the table's own column, never repeated). */
export function useAuditSentence() {
  const { t } = useTranslation(['audit', 'users', 'api-errors']);
  const fmt = useFormats();
  return useCallback((e: AuditEntry) => auditSentence(e, t, fmt), [t, fmt]);
}
