import type { HelpArticle, HelpCategory } from '@cairn/shared/help.schemas';
import { Anchor, Card, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Spec §2 Help: a card per category the role reads, with its articles counted. */
export function CategoryCards({
  categories,
  articles,
}: {
  categories: readonly HelpCategory[];
  articles: readonly HelpArticle[] | undefined;
}) {
  const { t } = useTranslation('help');
  return (
    <section aria-labelledby="help-categories">
      <Title order={2} size="h3" id="help-categories" mb="sm">
        {t('categories.label')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {categories.map((category) => {
          const count = articles?.filter((a) => a.category === category).length;
          return (
            <Card key={category} withBorder padding="lg" radius="md">
              <Anchor component={Link} to={`/help/${category}`} fw={700} fz="lg">
                {t(`categories.${category}.name`)}
              </Anchor>
              <Text size="sm" mt={4}>
                {t(`categories.${category}.description`)}
              </Text>
              {count !== undefined && (
                <Text size="sm" c="dimmed" mt="xs">
                  {t('articles.count', { count })}
                </Text>
              )}
            </Card>
          );
        })}
      </SimpleGrid>
    </section>
  );
}
