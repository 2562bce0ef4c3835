import { Button, Group, Table, Text } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';
import { MinistryFileStatus } from './ministry-file-status.tsx';
import type { MinistryFileText } from './ministry-file-text.ts';
import type { MinistryFile } from './use-ministry-files.ts';

export interface MinistryFilesTableProps {
  files: readonly MinistryFile[];
  text: MinistryFileText;
  /** The id of the table's heading, which names it. */
  labelledBy: string;
  onDownload: (file: MinistryFile) => void;
  onRemove: (file: MinistryFile) => void;
  /** The file being downloaded, while one is (one at a time). */
  downloading: number | null;
  /** The file being removed, while one is. */
  removing: number | null;
}

/**
 * The caller's ministry files (issue 33): Range, Status, Size, Prepared and the actions, a card per
 * file on phones. A ready file downloads; every file can be removed (a running one is stopped).
 */
export function MinistryFilesTable({
  files,
  text,
  labelledBy,
  onDownload,
  onRemove,
  downloading,
  removing,
}: MinistryFilesTableProps) {
  const { t } = useTranslation('reports');
  return (
    <ResponsiveTable minWidth={760}>
      <Table verticalSpacing="sm" aria-labelledby={labelledBy}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('ministry.columns.range')}</Table.Th>
            <Table.Th scope="col">{t('ministry.columns.status')}</Table.Th>
            <Table.Th scope="col">{t('ministry.columns.size')}</Table.Th>
            <Table.Th scope="col">{t('ministry.columns.prepared')}</Table.Th>
            <Table.Th scope="col">{t('ministry.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {files.map((file) => {
            const prepared = text.prepared(file);
            // Two files of one range share a name: the time tells their buttons apart.
            const names = { name: file.file_name, time: prepared };
            return (
              <Table.Tr key={file.id}>
                <Table.Td>
                  <Text fw={600}>{text.range(file)}</Text>
                </Table.Td>
                <Table.Td data-label={t('ministry.columns.status')}>
                  <MinistryFileStatus file={file} text={text} />
                </Table.Td>
                <Table.Td data-label={t('ministry.columns.size')}>
                  {file.size === null ? '—' : text.size(file.size)}
                </Table.Td>
                <Table.Td data-label={t('ministry.columns.prepared')}>{prepared}</Table.Td>
                <Table.Td data-label={t('ministry.columns.actions')}>
                  <Group gap="xs">
                    {file.status === 'ready' && (
                      <Button
                        size="xs"
                        leftSection={<IconDownload size={16} aria-hidden />}
                        aria-label={t('ministry.downloadLabel', names)}
                        onClick={() => onDownload(file)}
                        loading={downloading === file.id}
                        disabled={downloading !== null && downloading !== file.id}
                      >
                        {t('ministry.download')}
                      </Button>
                    )}
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconTrash size={16} aria-hidden />}
                      aria-label={t('ministry.removeLabel', names)}
                      onClick={() => onRemove(file)}
                      loading={removing === file.id}
                    >
                      {t('ministry.remove')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ResponsiveTable>
  );
}
