import type { GroupMember } from '@cairn/shared/groups.schemas';
import { Anchor, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';
import { useFormats } from '../../../lib/use-formats.ts';

/** Spec §2 group Members tab: Name (link to the client) and Date of Birth. */
export function MembersTable({ members }: { members: readonly GroupMember[] }) {
  const { t } = useTranslation('groups');
  const fmt = useFormats();
  if (members.length === 0) return <Text c="dimmed">{t('members.empty')}</Text>;
  return (
    <ResponsiveTable minWidth={360}>
      <Table striped verticalSpacing="sm" fz="md" aria-label={t('members.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('members.name')}</Table.Th>
            <Table.Th>{t('members.dateOfBirth')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => (
            <Table.Tr key={member.client_id}>
              <Table.Td>
                <Anchor component={Link} to={`/client/${member.client_id}`}>
                  {member.full_name}
                </Anchor>
              </Table.Td>
              <Table.Td data-label={t('members.dateOfBirth')} style={{ whiteSpace: 'nowrap' }}>
                {member.date_of_birth ? fmt.longDate(member.date_of_birth) : t('members.noDateOfBirth')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ResponsiveTable>
  );
}
