import { NO_CENTRE_ID } from '@cairn/shared/limits';
import { ROLE_IDS } from '@cairn/shared/roles';
import { USER_STATUSES, type UserStatus } from '@cairn/shared/users.schemas';
import { Group, Select } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCentres } from '../../../lib/centre-queries.ts';
import type { UserFilters } from './use-user-list-params.ts';

const ANY = '';

/** The users list's role, centre and status filters, each with an "all" choice. */
export function UserFilterFields({
  filters,
  onChange,
}: {
  filters: UserFilters;
  onChange: (change: Partial<UserFilters>) => void;
}) {
  const { t } = useTranslation('users');
  const centres = useCentres(true);

  const roles = useMemo(
    () => [
      { value: ANY, label: t('filters.allRoles') },
      ...ROLE_IDS.map((id) => ({ value: String(id), label: t(`roles.${id}`) })),
    ],
    [t],
  );
  const centreOptions = useMemo(
    () => [
      { value: ANY, label: t('filters.allCentres') },
      { value: String(NO_CENTRE_ID), label: t('none') },
      ...(centres.data ?? []).map((c) => ({ value: String(c.centre_id), label: c.name })),
    ],
    [centres.data, t],
  );
  const statuses = useMemo(
    () => [
      { value: ANY, label: t('filters.allStatuses') },
      ...USER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
    ],
    [t],
  );
  const idOf = (value: string | null) => (value ? Number(value) : null);

  return (
    <Group role="group" aria-label={t('filters.label')} gap="sm" align="flex-end">
      <Select
        label={t('fields.role')}
        data={roles}
        value={filters.role === null ? ANY : String(filters.role)}
        onChange={(value) => onChange({ role: idOf(value) })}
        allowDeselect={false}
        w={{ base: '100%', xs: 170 }}
      />
      <Select
        label={t('fields.centre')}
        data={centreOptions}
        value={filters.centre === null ? ANY : String(filters.centre)}
        onChange={(value) => onChange({ centre: idOf(value) })}
        allowDeselect={false}
        searchable={centreOptions.length > 8}
        nothingFoundMessage={t('form.nothingFound')}
        w={{ base: '100%', xs: 260 }}
      />
      <Select
        label={t('fields.status')}
        data={statuses}
        value={filters.status ?? ANY}
        onChange={(value) => onChange({ status: value ? (value as UserStatus) : null })}
        allowDeselect={false}
        w={{ base: '100%', xs: 150 }}
      />
    </Group>
  );
}
