import type { Outcome } from '@cairn/shared/outcomes.schemas';
import type { Plan } from '@cairn/shared/plans.schemas';
import { Alert, Group, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../lib/api-errors.ts';
import { useFormats } from '../../../../lib/use-formats.ts';
import { DeleteModal } from '../../../../components/delete-modal.tsx';
import { EditDeleteActions } from '../../../../components/edit-delete-actions.tsx';
import { isConflict, useDeleteOutcome } from '../../api/outcome-mutations.ts';
import { DetailList, type DetailItem } from '../spendings/detail-list.tsx';
import { useOutcomeAnswer } from './use-outcome-choices.ts';

export interface OutcomeDetailProps {
  plan: Plan;
  outcome: Outcome;
  onEdit: () => void;
}

/** The plan's outcome in view mode, with Edit and Delete (deleting reopens the plan, spec §4). */
export function OutcomeDetail({ plan, outcome, onEdit }: OutcomeDetailProps) {
  const { t } = useTranslation('plan-records');
  const fmt = useFormats();
  const remove = useDeleteOutcome(plan);
  const [deleting, deleteModal] = useDisclosure(false);
  const answer = useOutcomeAnswer();

  const items: DetailItem[] = [
    { label: t('outcome.fields.date'), value: fmt.longDate(outcome.date) },
    { label: t('outcome.fields.program_outcome'), value: answer('program_outcome', outcome.program_outcome) },
  ];
  // Only the answers the outcome asks for are ever saved (spec §4), so a missing one is not shown.
  if (outcome.incomplete_reason)
    items.push({
      label: t('outcome.fields.incomplete_reason'),
      value: answer('incomplete_reason', outcome.incomplete_reason),
    });
  items.push({
    label: t('outcome.fields.post_program_status'),
    value: answer('post_program_status', outcome.post_program_status),
  });
  if (outcome.employment_type) {
    items.push(
      {
        label: t('outcome.fields.employment_type'),
        value: answer('employment_type', outcome.employment_type),
      },
      { label: t('outcome.fields.job_title'), value: outcome.job_title || t('none') },
    );
  }
  items.push({
    label: t('outcome.fields.received_certificate'),
    value: answer('received_certificate', outcome.received_certificate),
  });

  return (
    <Stack gap="lg" maw={720}>
      <Group justify="space-between" gap="sm">
        <Title order={2} size="h3">
          {t('outcome.title')}
        </Title>
        <EditDeleteActions
          onEdit={onEdit}
          onDelete={() => {
            remove.reset();
            deleteModal.open();
          }}
        />
      </Group>
      {isConflict(remove.error) && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(remove.error)}
        </Alert>
      )}
      <DetailList items={items} />
      <DeleteModal
        opened={deleting}
        onClose={deleteModal.close}
        onConfirm={() => remove.mutate(outcome.outcome_id, { onSettled: deleteModal.close })}
        title={t('outcome.delete.title')}
        message={t('outcome.delete.message')}
        loading={remove.isPending}
      />
    </Stack>
  );
}
