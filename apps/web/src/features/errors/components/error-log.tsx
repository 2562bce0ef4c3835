import { Button, CopyButton, Group, Paper, Table, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { reportText } from './error-report.ts';

/** The report behind Show Error Log, as a labelled table that can be copied for support. */
export function ErrorLog({ rows }: { rows: Array<[string, string]> }) {
  const { t } = useTranslation('errors');
  return (
    <Paper withBorder p="md" radius="md" data-testid="error-log">
      <Group justify="space-between" mb="xs">
        <Text fw={600} component="h2" size="md" m={0}>
          {t('log.title')}
        </Text>
        <CopyButton value={reportText(rows)}>
          {({ copied, copy }) => (
            <Button
              size="xs"
              variant="default"
              onClick={copy}
              leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
            >
              {copied ? t('copied') : t('copyLog')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Table variant="vertical" layout="fixed" withTableBorder={false}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={160} scope="row">
                {label}
              </Table.Th>
              <Table.Td style={{ wordBreak: 'break-all' }} ff="monospace" fz="sm">
                {value}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
