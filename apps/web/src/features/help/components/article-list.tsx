import type { HelpArticle } from '@cairn/shared/help.schemas';
import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormats } from '../../../lib/use-formats.ts';

/** Spec §2 Help: a category's articles with title, link and updated date. */
export function ArticleList({ articles, label }: { articles: readonly HelpArticle[]; label: string }) {
  const { t } = useTranslation('help');
  const formats = useFormats();
  if (articles.length === 0) return <Text c="dimmed">{t('articles.empty')}</Text>;
  return (
    <Stack component="ul" gap="sm" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {articles.map((article) => (
        <li key={`${article.category}/${article.page}`}>
          <Anchor component={Link} to={`/help/${article.category}/${article.page}`} fw={600}>
            {article.title}
          </Anchor>
          <Text size="sm" c="dimmed">
            {t('articles.updated', { date: formats.longDate(article.updated) })}
          </Text>
        </li>
      ))}
    </Stack>
  );
}
