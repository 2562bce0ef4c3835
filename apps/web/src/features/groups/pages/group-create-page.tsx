import { Container, Stack, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../../../lib/page-title.ts';
import { GroupWizard } from '../components/group-wizard.tsx';

/** /group/create: spec §2 New group. */
export function GroupCreatePage() {
  const { t } = useTranslation('groups');
  const title = t('wizard.title');
  usePageTitle(title);
  const navigate = useNavigate();
  const [createdId, setCreatedId] = useState<number | null>(null);

  // Leaves after the render in which the wizard stopped guarding against leaving.
  useEffect(() => {
    if (createdId != null) void navigate(`/group/${createdId}`, { replace: true });
  }, [createdId, navigate]);

  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
        <GroupWizard
          onCancel={() => void navigate('/groups')}
          onCreated={(group) => setCreatedId(group.group_id)}
        />
      </Stack>
    </Container>
  );
}
