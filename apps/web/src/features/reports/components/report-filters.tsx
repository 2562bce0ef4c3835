import { ALL_CENTRES } from '@cairn/shared/reporting.schemas';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { IconPrinter, IconRefresh } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCentres } from '../../../lib/centre-queries.ts';
import type { ReportParams } from './use-report-params.ts';

interface ReportFiltersProps {
  params: ReportParams;
  onChange: (change: Partial<ReportParams>) => void;
  /** Messages of the range's fields, worded. */
  errors: { start?: string; end?: string };
  /** Admins and Reporters choose a centre or All (spec §6); Coordinators see their own only. */
  chooseCentre: boolean;
  /** Asks for a new dashboard link (absent on the Ministry tab). */
  onRefresh?: () => void;
  /** Prints the dashboard (absent on the Ministry tab and while there is none). */
  onPrint?: (() => void) | undefined;
}

/** The date range (the current fiscal year by default) and, for some roles, the centre. */
export function ReportFilters({
  params,
  onChange,
  errors,
  chooseCentre,
  onRefresh,
  onPrint,
}: ReportFiltersProps) {
  const { t } = useTranslation('reports');
  const centres = useCentres(chooseCentre);
  const options = useMemo(
    () => [
      { value: String(ALL_CENTRES), label: t('filters.allCentres') },
      ...(centres.data ?? []).map((c) => ({ value: String(c.centre_id), label: c.name })),
    ],
    [centres.data, t],
  );

  return (
    <Group role="group" aria-label={t('filters.label')} align="flex-start" gap="sm" mb="md">
      <TextInput
        type="date"
        label={t('filters.start')}
        value={params.start}
        error={errors.start}
        onChange={(e) => onChange({ start: e.currentTarget.value })}
        w={{ base: '100%', xs: 180 }}
      />
      <TextInput
        type="date"
        label={t('filters.end')}
        value={params.end}
        error={errors.end}
        onChange={(e) => onChange({ end: e.currentTarget.value })}
        w={{ base: '100%', xs: 180 }}
      />
      {chooseCentre && (
        <Select
          label={t('filters.centre')}
          data={options}
          value={String(params.centre)}
          onChange={(value) => value !== null && onChange({ centre: Number(value) })}
          allowDeselect={false}
          searchable
          w={{ base: '100%', xs: 260 }}
        />
      )}
      {onRefresh && (
        <Button
          variant="default"
          mt={{ base: 0, xs: 25 }}
          leftSection={<IconRefresh size={18} aria-hidden />}
          onClick={onRefresh}
        >
          {t('filters.refresh')}
        </Button>
      )}
      {onPrint && (
        <Button
          variant="default"
          mt={{ base: 0, xs: 25 }}
          leftSection={<IconPrinter size={18} aria-hidden />}
          onClick={onPrint}
        >
          {t('filters.print')}
        </Button>
      )}
    </Group>
  );
}
