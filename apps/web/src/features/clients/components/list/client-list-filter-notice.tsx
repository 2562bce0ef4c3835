import type { ClientListFilter } from '@cairn/shared/client-list-filters';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCentres } from '../../../../lib/centre-queries.ts';
import { REPORT_KEY_NAMESPACES, reportKeyText } from '../../../../lib/report-keys.ts';
import { useFormats } from '../../../../lib/use-formats.ts';

interface ClientListFilterNoticeProps {
  filter: ClientListFilter;
  /** The address held filters that do not hold together: none applies. */
  invalid: boolean;
  onClear: () => void;
}

/**
 * What a report's link filtered the list to, in words (which clients of which range, the centre,
 * the breakdown's point), and the way back to every client.
 */
export function ClientListFilterNotice({ filter, invalid, onClear }: ClientListFilterNoticeProps) {
  const { t } = useTranslation(['clients', ...REPORT_KEY_NAMESPACES]);
  const formats = useFormats();
  const centres = useCentres(filter.centre_id !== undefined);
  if (!invalid && Object.keys(filter).length === 0) return null;

  const parts: string[] = [];
  if (invalid) parts.push(t('clients:list.filter.invalid'));
  if (filter.start_date && filter.end_date) {
    parts.push(
      t(`clients:list.filter.counted.${filter.counted ?? 'served'}`, {
        start: formats.longDate(filter.start_date),
        end: formats.longDate(filter.end_date),
      }),
    );
  }
  if (filter.centre_id !== undefined) {
    const name = centres.data?.find((c) => c.centre_id === filter.centre_id)?.name;
    parts.push(t('clients:list.filter.centre', { centre: name ?? `#${filter.centre_id}` }));
  }
  if (filter.breakdown && filter.key) {
    parts.push(
      t('clients:list.filter.breakdown', {
        name: t(`reports:series.clients.${filter.breakdown}`),
        value: reportKeyText(t, filter.breakdown, filter.key),
      }),
    );
  }

  return (
    <Alert
      color={invalid ? 'yellow' : 'blue'}
      variant="light"
      icon={<IconFilter size={18} aria-hidden />}
      mb="md"
      title={t('clients:list.filter.title')}
      role="region"
      aria-label={t('clients:list.filter.title')}
    >
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm">{parts.join(' · ')}</Text>
        <Button variant="default" size="compact-sm" onClick={onClear}>
          {t('clients:list.filter.clear')}
        </Button>
      </Group>
    </Alert>
  );
}
