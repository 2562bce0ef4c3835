import type { PlanStatus } from '@cairn/shared/enums';
import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Spec §4: a plan is Open until it has an outcome, then Closed. Both colours keep white text
 * above the 4.5:1 contrast of WCAG AA (teal 9: 5.0:1, gray 7: 8.2:1).
 */
export function PlanStatusBadge({ status, size }: { status: PlanStatus; size?: BadgeProps['size'] }) {
  const { t } = useTranslation('plans');
  return (
    <Badge color={status === 'Open' ? 'teal.9' : 'gray.7'} variant="filled" size={size} component="span">
      {t(`status.${status}`)}
    </Badge>
  );
}
