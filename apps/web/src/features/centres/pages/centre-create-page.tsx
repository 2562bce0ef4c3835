import { Container, Paper, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useCreateCentre } from '../api/centre-mutations.ts';
import { emptyCentreForm } from '../components/centre-form-model.ts';
import { CentreForm } from '../components/centre-form.tsx';

/** /centre/create (spec §2 Centres): the New Centre form; saving opens the new centre's profile. */
export function CentreCreatePage() {
  const { t } = useTranslation('centres');
  const title = t('create.title');
  usePageTitle(title);
  const navigate = useNavigate();
  const create = useCreateCentre();
  const [createdId, setCreatedId] = useState<number | null>(null);
  const [saved, setSaved] = useState(false);

  // Leaves after the render in which the form stopped guarding against leaving.
  useEffect(() => {
    if (saved && createdId != null) void navigate(`/centre/${createdId}`, { replace: true });
  }, [saved, createdId, navigate]);

  return (
    <Container size="md" py="lg">
      <Title order={1} mb="lg">
        {title}
      </Title>
      <Paper withBorder p="lg">
        <CentreForm
          initialValues={emptyCentreForm}
          onSubmit={async (body) => setCreatedId((await create.mutateAsync(body)).id)}
          onSaved={() => setSaved(true)}
          onCancel={() => void navigate('/centres')}
        />
      </Paper>
    </Container>
  );
}
