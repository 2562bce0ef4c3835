import type { Spending } from '@cairn/shared/spendings.schemas';
import { Button, Group, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../../../../lib/use-formats.ts';
import { DeleteModal } from '../../../../components/delete-modal.tsx';
import { EditDeleteActions } from '../../../../components/edit-delete-actions.tsx';
import { useDeleteSpending } from '../../api/spending-mutations.ts';
import { DetailList } from './detail-list.tsx';

export interface SpendingDetailProps {
  line: Spending;
  onBack: () => void;
  onEdit: () => void;
  onDeleted: () => void;
}

/** Spec §2: one line item in full, with Edit, Delete and 'Back to spendings'. */
export function SpendingDetail({ line, onBack, onEdit, onDeleted }: SpendingDetailProps) {
  const { t } = useTranslation('plan-records');
  const fmt = useFormats();
  const remove = useDeleteSpending(line.plan_id);
  const [deleting, deleteModal] = useDisclosure(false);

  return (
    <Stack gap="lg" maw={720}>
      <Group justify="space-between" gap="sm">
        <Button variant="subtle" leftSection={<IconArrowLeft size={18} aria-hidden />} onClick={onBack}>
          {t('spendings.back')}
        </Button>
        <EditDeleteActions onEdit={onEdit} onDelete={deleteModal.open} />
      </Group>
      <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
        {line.item}
      </Title>
      <DetailList
        items={[
          { label: t('spendings.fields.date'), value: fmt.longDate(line.date) },
          { label: t('spendings.fields.value'), value: fmt.money(line.value) },
          { label: t('spendings.fields.workGear'), value: line.work_gear ? t('yes') : t('no') },
          { label: t('spendings.fields.description'), value: line.description || t('none'), wide: true },
        ]}
      />
      <DeleteModal
        opened={deleting}
        onClose={deleteModal.close}
        onConfirm={() =>
          remove.mutate(line.spending_id, {
            onSuccess: () => {
              deleteModal.close();
              onDeleted();
            },
            onError: deleteModal.close,
          })
        }
        title={t('spendings.delete.title')}
        message={t('spendings.delete.message', { item: line.item })}
        loading={remove.isPending}
      />
    </Stack>
  );
}
