import type { Plan } from '@cairn/shared/plans.schemas';
import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../../../../lib/use-formats.ts';
import { PlanStatusBadge } from '../../../../components/plan-status-badge.tsx';
import { ContextHelpLink } from '../../../../components/context-help-link.tsx';

/** The plan profile's heading: whose plan, when it started, whether it is open; and the missing flag. */
export function PlanHeader({ plan, clientName }: { plan: Plan; clientName: string }) {
  const { t } = useTranslation('plans');
  const fmt = useFormats();
  return (
    <Stack gap="sm">
      <div>
        <Group gap={4} wrap="nowrap">
          <Title order={1}>{clientName}</Title>
          <ContextHelpLink article="plan-management/plans-and-their-tabs" />
        </Group>
        <Group gap="sm" mt={4}>
          <Text c="dark.4">{t('header.started', { date: fmt.longDate(plan.date) })}</Text>
          <PlanStatusBadge status={plan.status} />
        </Group>
      </div>
      {plan._missing && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle aria-hidden />}
          title={t('profile.missingNotice')}
        >
          {t('profile.missingHint')}
        </Alert>
      )}
    </Stack>
  );
}
