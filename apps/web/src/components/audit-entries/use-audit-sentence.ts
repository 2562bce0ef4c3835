import type { AuditEntry } from '@cairn/shared/audit.schemas';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../../lib/use-formats.ts';

/**
 * One audit entry as one line of the reader's language, built from the `audit` catalogue's
 * templates per action and record kind ('Coordinator Ana Smith read the plan of client #1234 on
 * …'): a translation adds words, never code. `t` looks in `audit` first, then `users` (role titles).
 */
export function auditSentence(e: AuditEntry, t: TFunction<['audit', 'users']>, when: string): string {
  const role = e.role_id === null ? null : t(`users:roles.${e.role_id}`, { defaultValue: '' });
  const name = e.user_name ?? (e.user_id === null ? null : t('who.unknownUser', { id: e.user_id }));
  const who =
    name === null
      ? e.action === 'retention_drop'
        ? t('who.system')
        : t('who.nobody')
      : role
        ? t('who.user', { role, name })
        : t('who.userWithoutRole', { name });
  const kind = e.record_kind ?? 'client';
  const thing = t(`what.${kind}`);
  const what =
    e.client_id !== null
      ? t('ofClient', { what: thing, id: e.client_id })
      : kind === 'user' && e.record_id !== null
        ? t('ofUser', { what: thing, id: e.record_id })
        : thing;
  const listed = e.details.client_ids;
  const sentence =
    kind === 'client' && e.client_id === null && Array.isArray(listed) && e.action === 'read'
      ? t('sentence.list', { who, when, count: listed.length })
      : t(`sentence.${e.action}`, {
          who,
          what,
          when,
          client: e.client_id ?? '',
          partition: typeof e.details.partition === 'string' ? e.details.partition : '',
        });
  return e.outcome === 'refused' ? t('refused', { sentence }) : sentence;
}

/** `auditSentence` in the reader's language, the moment in their locale and time zone. */
export function useAuditSentence() {
  const { t } = useTranslation(['audit', 'users']);
  const fmt = useFormats();
  return useCallback((e: AuditEntry) => auditSentence(e, t, fmt.longDateTime(e.at)), [t, fmt]);
}
