import { isInlineType } from '@cairn/shared/attachments.schemas';
import type { AttachmentRow as Attachment } from '../../api/attachment-queries.ts';
import { can } from '@cairn/shared/roles';
import { ActionIcon, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconEye, IconFile, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '../../../../components/responsive-table/responsive-table.tsx';
import { roleOf, useSession } from '../../../../lib/session.ts';
import { useFormats } from '../../../../lib/use-formats.ts';
import { sizeLabel, typeLabel } from './attachment-format.ts';

export interface AttachmentTableProps {
  attachments: Attachment[];
  onDownload: (attachment: Attachment) => void;
  onPreview: (attachment: Attachment) => void;
  onEdit: (attachment: Attachment) => void;
  onDelete: (attachment: Attachment) => void;
}

/** A client's files: name, type, size, uploader, when, category and note, with their actions. */
export function AttachmentTable({
  attachments,
  onDownload,
  onPreview,
  onEdit,
  onDelete,
}: AttachmentTableProps) {
  const { t } = useTranslation('attachments');
  const fmt = useFormats();
  const user = useSession()?.user;
  const deletesAny = can(roleOf(user), 'attachments.deleteAny');

  return (
    <ResponsiveTable minWidth={900}>
      <Table striped verticalSpacing="sm" aria-label={t('table.label')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('table.name')}</Table.Th>
            <Table.Th scope="col">{t('table.type')}</Table.Th>
            <Table.Th scope="col">{t('table.size')}</Table.Th>
            <Table.Th scope="col">{t('table.uploadedBy')}</Table.Th>
            <Table.Th scope="col">{t('table.uploadedAt')}</Table.Th>
            <Table.Th scope="col">{t('table.category')}</Table.Th>
            <Table.Th scope="col">{t('table.note')}</Table.Th>
            <Table.Th scope="col">{t('table.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {attachments.map((a) => {
            const name = { name: a.name };
            return (
              <Table.Tr key={a.attachment_id}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <IconFile size={18} aria-hidden style={{ flexShrink: 0 }} />
                    <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {a.name}
                    </Text>
                  </Group>
                </Table.Td>
                <Table.Td data-label={t('table.type')}>{typeLabel(t, a.content_type)}</Table.Td>
                <Table.Td data-label={t('table.size')}>{sizeLabel(t, a.size, fmt.locale)}</Table.Td>
                <Table.Td data-label={t('table.uploadedBy')}>{a.uploaded_by_name ?? ''}</Table.Td>
                <Table.Td data-label={t('table.uploadedAt')}>{fmt.dateTime(a.created_at)}</Table.Td>
                <Table.Td data-label={t('table.category')}>
                  {a.category ? t(`categories.${a.category}`) : ''}
                </Table.Td>
                <Table.Td
                  data-label={t('table.note')}
                  style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                >
                  {a.note ?? ''}
                </Table.Td>
                <Table.Td data-label={t('table.actions')}>
                  <Group gap={4} wrap="nowrap">
                    <Action label={t('actions.downloadLabel', name)} onClick={() => onDownload(a)}>
                      <IconDownload size={18} aria-hidden />
                    </Action>
                    {isInlineType(a.content_type) && (
                      <Action label={t('actions.previewLabel', name)} onClick={() => onPreview(a)} dialog>
                        <IconEye size={18} aria-hidden />
                      </Action>
                    )}
                    <Action label={t('actions.editLabel', name)} onClick={() => onEdit(a)} dialog>
                      <IconPencil size={18} aria-hidden />
                    </Action>
                    {(deletesAny || a.uploaded_by === user?.user_id) && (
                      <Action
                        label={t('actions.deleteLabel', name)}
                        onClick={() => onDelete(a)}
                        dialog
                        danger
                      >
                        <IconTrash size={18} aria-hidden />
                      </Action>
                    )}
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

function Action({
  label,
  onClick,
  dialog = false,
  danger = false,
  children,
}: {
  label: string;
  onClick: () => void;
  dialog?: boolean;
  danger?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Tooltip label={label} withinPortal>
      <ActionIcon
        variant="subtle"
        color={danger ? 'red.8' : undefined}
        size="lg"
        aria-label={label}
        aria-haspopup={dialog ? 'dialog' : undefined}
        onClick={onClick}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
