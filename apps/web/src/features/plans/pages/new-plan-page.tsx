import { Stack, Text, Title, Group } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ClientPageLayout } from '../../../components/client-side-menu/client-page-layout.tsx';
import { useClient } from '../../../lib/client-queries.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { NewPlanWizard } from '../components/wizard/new-plan-wizard.tsx';
import { ContextHelpLink } from '../../../components/context-help-link.tsx';

/** /client/{clientId}/plan/create: spec §2 New plan, beside the client's side menu. */
export function NewPlanPage() {
  const { clientId } = useParams();
  const id = Number(clientId);
  if (!/^\d+$/.test(clientId ?? '') || !Number.isSafeInteger(id) || id <= 0)
    return <Navigate to="/404" replace />;
  return <NewPlan key={id} clientId={id} />;
}

function NewPlan({ clientId }: { clientId: number }) {
  const { t } = useTranslation('plans');
  const title = t('wizard.title');
  usePageTitle(title);
  const navigate = useNavigate();
  const { data: client } = useClient(clientId);
  const [createdId, setCreatedId] = useState<number | null>(null);

  // Leaves after the render in which the wizard stopped guarding against leaving.
  useEffect(() => {
    if (createdId != null) void navigate(`/client/${clientId}/plan/${createdId}`, { replace: true });
  }, [createdId, clientId, navigate]);

  return (
    <ClientPageLayout menu={{ clientId }}>
      <Stack gap="lg">
        <div>
          <Group gap={4} wrap="nowrap">
            <Title order={1}>{title}</Title>
            <ContextHelpLink article="plan-management/plans-and-their-tabs" />
          </Group>
          {client && <Text c="dark.4">{t('wizard.forClient', { name: client.full_name })}</Text>}
        </div>
        <NewPlanWizard
          clientId={clientId}
          onCancel={() => void navigate(`/client/${clientId}`)}
          onCreated={setCreatedId}
        />
      </Stack>
    </ClientPageLayout>
  );
}
