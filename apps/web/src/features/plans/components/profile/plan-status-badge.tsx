import type { PlanStatus } from '@cairn/shared/enums';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Spec §4: a plan is Open until it has an outcome, then Closed. */
export function PlanStatusBadge({ status }: { status: PlanStatus }) {
  const { t } = useTranslation('plans');
  return (
    <Badge color={status === 'Open' ? 'green.8' : 'gray.7'} variant="filled">
      {t(`status.${status}`)}
    </Badge>
  );
}
