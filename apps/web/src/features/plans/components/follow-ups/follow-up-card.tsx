import type { FollowUp } from '@cairn/shared/follow-ups.schemas';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../../../../lib/use-formats.ts';
import { useOutcomeAnswer } from '../outcome/use-outcome-choices.ts';
import { DetailList, type DetailItem } from '../spendings/detail-list.tsx';

/** Each status's badge colour, dark enough for white text (WCAG AA). */
const STATUS_COLOURS: Record<FollowUp['status'], string> = {
  due: 'blue.9',
  overdue: 'red.9',
  done: 'teal.9',
  unreachable: 'gray.7',
};

export interface FollowUpCardProps {
  followUp: FollowUp;
  /** Record or edit it; none for a reader who may not. */
  onRecord?: () => void;
}

/** One follow-up: its month, due date and status, and what was recorded. */
export function FollowUpCard({ followUp: f, onRecord }: FollowUpCardProps) {
  const { t } = useTranslation('plan-records');
  const fmt = useFormats();
  const answer = useOutcomeAnswer();
  const title = t('followUps.cardTitle', { month: f.month });
  const headingId = `follow-up-${f.follow_up_id}`;
  const recorded = f.contact_date !== null;

  const items: DetailItem[] = [];
  if (recorded) {
    items.push(
      { label: t('followUps.fields.contact_date'), value: fmt.longDate(f.contact_date!) },
      {
        label: t('followUps.fields.reached'),
        value: t(`followUps.reachedOptions.${f.reached ? 'yes' : 'no'}`),
      },
    );
    if (f.reached) {
      items.push(
        {
          label: t('followUps.fields.post_program_status'),
          value: answer('post_program_status', f.post_program_status),
        },
        {
          label: t('followUps.fields.hours'),
          value: f.hours ? t(`followUps.options.hours.${f.hours}`) : t('none'),
        },
      );
      if (f.employment_type)
        items.push(
          {
            label: t('followUps.fields.employment_type'),
            value: answer('employment_type', f.employment_type),
          },
          { label: t('followUps.fields.job_title'), value: f.job_title || t('none') },
        );
      items.push({ label: t('followUps.fields.noc'), value: f.noc ?? t('none') });
    }
    if (f.note) items.push({ label: t('followUps.fields.note'), value: f.note, wide: true });
    if (f.recorded_at)
      items.push({
        label: t('followUps.fields.recorded'),
        value: t('followUps.recordedBy', {
          date: fmt.momentDate(f.recorded_at),
          name: f.recorded_by ?? t('none'),
        }),
      });
  }

  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="sm" wrap="wrap">
            <Title order={3} size="h4" id={headingId}>
              {title}
            </Title>
            <Badge color={STATUS_COLOURS[f.status]} variant="filled" component="span">
              {t(`followUps.statuses.${f.status}`)}
            </Badge>
          </Group>
          {onRecord && (
            <Button
              variant="default"
              size="sm"
              leftSection={<IconPencil size={16} aria-hidden />}
              onClick={onRecord}
              aria-label={t(recorded ? 'followUps.editLabel' : 'followUps.recordLabel', { title })}
            >
              {t(recorded ? 'followUps.edit' : 'followUps.record')}
            </Button>
          )}
        </Group>
        <Text size="sm">{t('followUps.due', { date: fmt.longDate(f.due_date) })}</Text>
        {recorded ? <DetailList items={items} /> : <Text c="dimmed">{t('followUps.notRecorded')}</Text>}
      </Stack>
    </Paper>
  );
}
