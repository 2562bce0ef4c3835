import { Anchor, Card, Container, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBarrierBlock, IconCertificate, IconLifebuoy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useMappingCounts } from '../api/mapping-queries.ts';
import { MAPPING_KINDS, type MappingKind } from '../components/mapping-kinds.ts';
import { ContextHelpLink } from '../../../components/context-help-link.tsx';

const ICONS: Record<MappingKind, typeof IconLifebuoy> = {
  supports: IconLifebuoy,
  trainings: IconCertificate,
  barriers: IconBarrierBlock,
};

/** /mappings (spec §2 Mappings home): a card per list with its item counts, each leading to the list. */
export function MappingsHomePage() {
  const { t } = useTranslation('mappings');
  const title = t('home.title');
  usePageTitle(title);
  const { count, untranslated } = useMappingCounts();

  return (
    <Container size="lg" py="lg">
      <Group gap={4} wrap="nowrap" mb="xs">
        <Title order={1}>{title}</Title>
        <ContextHelpLink article="admin/mappings" />
      </Group>
      <Text c="dimmed" mb="lg">
        {t('home.intro')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {MAPPING_KINDS.map((kind) => {
          const Icon = ICONS[kind];
          const active = count(kind, 'active');
          const disabled = count(kind, 'disabled');
          const notInFrench = untranslated(kind);
          return (
            <Card key={kind} withBorder padding="lg" radius="md">
              <Group gap="sm" mb="sm" wrap="nowrap">
                <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
                  <Icon size={20} />
                </ThemeIcon>
                <Title order={2} size="h3">
                  {t(`kinds.${kind}`)}
                </Title>
              </Group>
              <Text mb="md">
                {active === undefined || disabled === undefined
                  ? t('home.countsLoading')
                  : t('home.counts', { active, disabled })}
              </Text>
              {notInFrench !== undefined && notInFrench > 0 && (
                <Text mb="md" fw={600} data-testid={`untranslated-${kind}`}>
                  {t('home.untranslated', { count: notInFrench })}
                </Text>
              )}
              <Anchor component={Link} to={`/mapping/${kind}`} fw={600}>
                {t(`home.open.${kind}`)}
              </Anchor>
            </Card>
          );
        })}
      </SimpleGrid>
    </Container>
  );
}
