import { Button, Center, Group, Loader, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMessagePlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { nameIn } from '../../../../lib/catalogue-names.ts';
import { ResponsiveTable } from '../../../../components/responsive-table/responsive-table.tsx';
import { InteractionModal } from '../../../../components/interaction-modal/interaction-modal.tsx';
import { useClientInteractionSums } from '../../../../lib/interaction-queries.ts';

/** Spec §2 Client profile, Client Interactions tab: the total per interaction type, and Add Interaction. */
export function ClientInteractionsTab({ clientId, clientName }: { clientId: number; clientName: string }) {
  const { t } = useTranslation('clients');
  const sums = useClientInteractionSums(clientId);
  const [adding, modal] = useDisclosure(false);
  const rows = sums.data ?? [];
  const recorded = rows.some((row) => row.total > 0);

  return (
    <>
      <Group mb="md">
        <Button
          leftSection={<IconMessagePlus size={18} aria-hidden />}
          onClick={modal.open}
          aria-haspopup="dialog"
        >
          {t('profile.interactions.add')}
        </Button>
      </Group>
      {!sums.data ? (
        <Center py="lg">
          <Loader size="sm" aria-label={t('profile.loading')} />
        </Center>
      ) : recorded ? (
        <ResponsiveTable minWidth={320} maw={640}>
          <Table striped aria-label={t('profile.interactions.tableLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('profile.interactions.type')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('profile.interactions.amount')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.interaction_id}>
                  <Table.Td>{nameIn(row)}</Table.Td>
                  <Table.Td data-label={t('profile.interactions.amount')} ta="right">
                    {row.total}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ResponsiveTable>
      ) : (
        <Text c="dimmed">{t('profile.interactions.empty')}</Text>
      )}
      <InteractionModal opened={adding} onClose={modal.close} clientId={clientId} subjectName={clientName} />
    </>
  );
}
