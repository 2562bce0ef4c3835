import { can } from '@cairn/shared/roles';
import { Container, Title, Group } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../../../lib/page-title.ts';
import { roleOf, useSession } from '../../../lib/session.ts';
import { IntakeWizard } from '../components/intake/intake-wizard.tsx';
import { ContextHelpLink } from '../../../components/context-help-link.tsx';

/** /client/create (spec §2 New intake): the four-step wizard; saving opens the new profile. */
export function ClientIntakePage() {
  const { t } = useTranslation('clients');
  const title = t('intake.title');
  usePageTitle(title);
  const navigate = useNavigate();
  const role = roleOf(useSession()?.user);
  const [createdId, setCreatedId] = useState<number | null>(null);

  // Leaves after the render in which the wizard stopped guarding against leaving.
  useEffect(() => {
    if (createdId != null) void navigate(`/client/${createdId}`, { replace: true });
  }, [createdId, navigate]);

  return (
    <Container size="lg" py="lg">
      <Group gap={4} wrap="nowrap" mb="lg">
        <Title order={1}>{title}</Title>
        <ContextHelpLink article="client-management/new-client-intake" />
      </Group>
      <IntakeWizard
        chooseCentre={can(role, 'cases.allCentres')}
        onCancel={() => void navigate('/clients')}
        onCreated={setCreatedId}
      />
    </Container>
  );
}
