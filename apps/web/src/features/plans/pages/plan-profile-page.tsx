import { Center, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../../../lib/use-formats.ts';
import { Navigate, useParams } from 'react-router';
import { ClientPageLayout } from '../../../components/client-side-menu/client-page-layout.tsx';
import { useClient } from '../../../lib/client-queries.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { usePlan } from '../../../lib/plan-queries.ts';
import { PlanHeader } from '../components/profile/plan-header.tsx';
import { PlanProfileTabs } from '../components/profile/plan-profile-tabs.tsx';

const isId = (value: string | undefined) =>
  /^\d+$/.test(value ?? '') && Number.isSafeInteger(Number(value)) && Number(value) > 0;

/** /client/{clientId}/plan/{planId}: spec §2 Plan profile, with the side menu beside it. */
export function PlanProfilePage() {
  const { clientId, planId } = useParams();
  if (!isId(clientId) || !isId(planId)) return <Navigate to="/404" replace />;
  // A fresh profile per plan: moving to another plan drops edit mode and unsaved lists.
  return <PlanProfile key={planId} clientId={Number(clientId)} planId={Number(planId)} />;
}

function PlanProfile({ clientId, planId }: { clientId: number; planId: number }) {
  const { t } = useTranslation('plans');
  const fmt = useFormats();
  const { data: plan } = usePlan(planId);
  const { data: client } = useClient(clientId);
  usePageTitle(
    client && plan ? t('profile.pageTitle', { name: client.full_name, date: fmt.longDate(plan.date) }) : null,
  );

  // A plan reached under another client's address is shown under its own client.
  if (plan && plan.client_id !== clientId) {
    return <Navigate to={`/client/${plan.client_id}/plan/${plan.plan_id}`} replace />;
  }

  return (
    <ClientPageLayout menu={{ clientId }}>
      {plan && client ? (
        <Stack gap="lg">
          <PlanHeader plan={plan} clientName={client.full_name} />
          <PlanProfileTabs plan={plan} />
        </Stack>
      ) : (
        <Center py="xl">
          <Loader aria-label={t('profile.loading')} />
        </Center>
      )}
    </ClientPageLayout>
  );
}
