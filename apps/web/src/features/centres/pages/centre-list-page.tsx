import { Button, Center, Container, Group, Loader, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useCentres } from '../../../lib/centre-queries.ts';
import { CentreTable } from '../components/centre-table.tsx';
import { ContextHelpLink } from '../../../components/context-help-link.tsx';

/** /centres (spec §2 Centres): every centre, with New Centre. */
export function CentreListPage() {
  const { t } = useTranslation('centres');
  const title = t('list.title');
  usePageTitle(title);
  const centres = useCentres();

  return (
    <Container size="xl" py="lg">
      <Group justify="space-between" mb="lg">
        <Group gap={4} wrap="nowrap">
          <Title order={1}>{title}</Title>
          <ContextHelpLink article="admin/centres" />
        </Group>
        <Button component={Link} to="/centre/create" leftSection={<IconPlus size={18} aria-hidden />}>
          {t('list.newCentre')}
        </Button>
      </Group>
      {centres.data ? (
        <CentreTable centres={centres.data} />
      ) : (
        <Center py="xl">
          <Loader aria-label={t('loading')} />
        </Center>
      )}
    </Container>
  );
}
