import {
  AUDIT_ACTIONS,
  AUDIT_RECORD_KINDS,
  type AuditAction,
  type AuditRecordKind,
} from '@cairn/shared/audit.schemas';
import { Button, Checkbox, Fieldset, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, ok } from '../../../lib/api-client.ts';
import type { AuditFilters } from '../../../lib/audit-queries.ts';
import type { AuditFilterErrors } from './audit-filter-errors.ts';

/** Every account, to choose whose entries to see (Admins read the user list). */
function useUserOptions() {
  return useQuery({
    queryKey: ['audit', 'users'],
    queryFn: ({ signal }) => ok(api.GET('/api/users', { signal })),
    select: (users) => users.map((u) => ({ value: String(u.user_id), label: u.full_name })),
  });
}

interface AuditFiltersFormProps {
  filters: AuditFilters;
  onChange: (change: Partial<AuditFilters>) => void;
  /** The client number as typed: it applies on Enter or on leaving the field, once valid. */
  client: string;
  onClient: (text: string) => void;
  /** The filters' messages, worded (a client number that is no number, From after To). */
  errors: AuditFilterErrors;
}

/**
 * The Audit screen's filters: client, user, action, record kind, a range of days, and whether the
 * trail's own reads are listed.
 */
export function AuditFiltersForm({ filters, onChange, client, onClient, errors }: AuditFiltersFormProps) {
  const { t } = useTranslation('audit');
  const users = useUserOptions();
  // The client number applies once it is a whole number (or empty), not at every keystroke; any
  // other text keeps its message and the list waits for it.
  const applyClient = () => {
    if (errors.client) return;
    const n = Number(client.trim());
    onChange({ client_id: client.trim() ? n : undefined });
  };
  const none = Object.values(filters).every((v) => v === undefined) && client.trim() === '';

  return (
    <Fieldset legend={t('filters.label')} mb="md">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        <TextInput
          label={t('filters.client')}
          inputMode="numeric"
          value={client}
          error={errors.client}
          onChange={(e) => onClient(e.currentTarget.value)}
          onBlur={applyClient}
          onKeyDown={(e) => {
            if (e.key === 'Enter') applyClient();
          }}
        />
        <Select
          label={t('filters.user')}
          placeholder={t('filters.anyUser')}
          data={users.data ?? []}
          value={filters.user_id ? String(filters.user_id) : null}
          onChange={(v) => onChange({ user_id: v ? Number(v) : undefined })}
          searchable
          clearable
        />
        <Select
          label={t('filters.action')}
          placeholder={t('filters.anyAction')}
          data={AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`actions.${a}`) }))}
          value={filters.action ?? null}
          onChange={(v) => onChange({ action: (v as AuditAction | null) ?? undefined })}
          clearable
        />
        <Select
          label={t('filters.kind')}
          placeholder={t('filters.anyKind')}
          data={AUDIT_RECORD_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
          value={filters.record_kind ?? null}
          onChange={(v) => onChange({ record_kind: (v as AuditRecordKind | null) ?? undefined })}
          clearable
        />
        <TextInput
          type="date"
          label={t('filters.from')}
          value={filters.from ?? ''}
          error={errors.from}
          onChange={(e) => onChange({ from: e.currentTarget.value || undefined })}
        />
        <TextInput
          type="date"
          label={t('filters.to')}
          value={filters.to ?? ''}
          error={errors.to}
          onChange={(e) => onChange({ to: e.currentTarget.value || undefined })}
        />
      </SimpleGrid>
      <Checkbox
        mt="sm"
        label={t('filters.trailReads')}
        checked={filters.include_trail_reads === 'true'}
        onChange={(e) => onChange({ include_trail_reads: e.currentTarget.checked ? 'true' : undefined })}
      />
      {!none && (
        <Button
          variant="subtle"
          mt="sm"
          onClick={() => {
            onClient('');
            onChange({
              client_id: undefined,
              user_id: undefined,
              action: undefined,
              record_kind: undefined,
              from: undefined,
              to: undefined,
              include_trail_reads: undefined,
            });
          }}
        >
          {t('filters.clear')}
        </Button>
      )}
    </Fieldset>
  );
}
