import { Button, Center, Container, Group, Loader, Paper, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useUpdateCentre } from '../api/centre-mutations.ts';
import { useCentre } from '../../../lib/centre-queries.ts';
import { CentreDetails } from '../components/centre-details.tsx';
import { centreFormValuesOf } from '../components/centre-form-model.ts';
import { CentreForm } from '../components/centre-form.tsx';

/** /centre/{centreId}: spec §2 Centres profile (Edit only) and §4 view/edit. */
export function CentreProfilePage() {
  const { centreId } = useParams();
  const id = Number(centreId);
  if (!Number.isInteger(id) || id <= 0) return <Navigate to="/404" replace />;
  // A fresh profile per centre: leaving one centre for another drops edit mode.
  return <CentreProfile key={id} centreId={id} />;
}

function CentreProfile({ centreId }: { centreId: number }) {
  const { t } = useTranslation('centres');
  const { data: centre } = useCentre(centreId);
  const update = useUpdateCentre(centreId);
  const [editing, setEditing] = useState(false);
  usePageTitle(centre?.name ?? null);

  if (!centre) {
    return (
      <Center py="xl">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }

  return (
    <Container size="md" py="lg">
      <Group justify="space-between" align="flex-start" mb="lg" gap="md">
        <Title order={1}>{centre.name}</Title>
        {!editing && (
          <Button
            variant="default"
            leftSection={<IconPencil size={18} aria-hidden />}
            onClick={() => setEditing(true)}
          >
            {t('profile.edit')}
          </Button>
        )}
      </Group>
      <Paper withBorder p="lg">
        {editing ? (
          <CentreForm
            initialValues={centreFormValuesOf(centre)}
            logo={centre.logo}
            onSubmit={(body) => update.mutateAsync(body)}
            onSaved={() => setEditing(false)}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <CentreDetails centre={centre} />
        )}
      </Paper>
    </Container>
  );
}
