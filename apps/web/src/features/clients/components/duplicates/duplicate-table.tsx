import type { DuplicateClient, DuplicatePair } from '@cairn/shared/duplicates.schemas';
import { Anchor, Button, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormats } from '../../../../lib/use-formats.ts';

interface DuplicateTableProps {
  pairs: DuplicatePair[];
  /** Every centre's pairs: each client's centre is shown. */
  showCentre: boolean;
  busy: boolean;
  onDismiss: (pair: DuplicatePair) => void;
}

function ClientCell({ client, showCentre }: { client: DuplicateClient; showCentre: boolean }) {
  const { t } = useTranslation('clients');
  const fmt = useFormats();
  return (
    <>
      <Anchor component={Link} to={`/client/${client.client_id}`}>
        {client.full_name}
      </Anchor>
      {client.date_of_birth && (
        <Text size="sm" c="dimmed">
          {t('duplicates.born', { date: fmt.longDate(client.date_of_birth) })}
        </Text>
      )}
      {showCentre && (
        <Text size="sm" c="dimmed">
          {client.centre_name}
        </Text>
      )}
    </>
  );
}

/** The pairs of a page: both clients, how alike, why, and what to do with them. */
export function DuplicateTable({ pairs, showCentre, busy, onDismiss }: DuplicateTableProps) {
  const { t } = useTranslation('clients');
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped aria-busy={busy}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('duplicates.client')}</Table.Th>
            <Table.Th scope="col">{t('duplicates.other')}</Table.Th>
            <Table.Th scope="col">{t('duplicates.score')}</Table.Th>
            <Table.Th scope="col">{t('duplicates.reasons')}</Table.Th>
            <Table.Th scope="col">{t('duplicates.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {pairs.map((pair) => {
            const names = { client: pair.client.full_name, other: pair.other.full_name };
            return (
              <Table.Tr key={`${pair.client.client_id}:${pair.other.client_id}`}>
                <Table.Td>
                  <ClientCell client={pair.client} showCentre={showCentre} />
                </Table.Td>
                <Table.Td>
                  <ClientCell client={pair.other} showCentre={showCentre} />
                </Table.Td>
                <Table.Td>{t('duplicates.percent', { percent: Math.round(pair.score * 100) })}</Table.Td>
                <Table.Td>
                  {pair.reasons.map((reason) => t(`duplicateReasons.${reason}`)).join(', ')}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      component={Link}
                      size="xs"
                      to={`/client/${pair.client.client_id}/merge?other=${pair.other.client_id}`}
                      aria-label={t('duplicates.mergeLabel', names)}
                    >
                      {t('duplicates.merge')}
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => onDismiss(pair)}
                      aria-label={t('duplicates.dismissLabel', names)}
                    >
                      {t('duplicates.dismiss')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
