import { Alert, Anchor } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useClientPlans } from '../../../../lib/plan-queries.ts';

/**
 * Why the plan was not saved when the client already has an open plan (409, spec §4): the
 * server's own words, and the way to that open plan. Everything typed stays in the wizard.
 */
export function OpenPlanAlert({ clientId, message }: { clientId: number; message: string }) {
  const { t } = useTranslation('plans');
  const open = useClientPlans(clientId).data?.find((plan) => plan.status === 'Open');
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle aria-hidden />}
      title={t('wizard.notSaved')}
      role="alert"
    >
      {message}{' '}
      {open && (
        <Anchor component={Link} to={`/client/${clientId}/plan/${open.plan_id}`}>
          {t('wizard.openPlanLink')}
        </Anchor>
      )}
    </Alert>
  );
}
