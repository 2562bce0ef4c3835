import type { HelpCategory } from '@cairn/shared/help.schemas';
import { Center, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useHelpArticles } from '../api/help-queries.ts';
import { ArticleList } from '../components/article-list.tsx';
import { HelpFrame } from '../components/help-frame.tsx';

/** /help/{helpCategory}: the category's articles (the router has checked the role reads it). */
export function HelpCategoryPage() {
  const { t } = useTranslation('help');
  const category = useParams().helpCategory as HelpCategory;
  const name = t(`categories.${category}.name`);
  usePageTitle(name);
  const articles = useHelpArticles(category);
  return (
    <HelpFrame title={name} crumbs={[{ label: t('title'), to: '/help' }]}>
      <Text c="dimmed">{t(`categories.${category}.description`)}</Text>
      {articles.data ? (
        <ArticleList articles={articles.data.articles} label={t('articles.label', { category: name })} />
      ) : (
        <Center py="xl">
          <Loader aria-label={t('loading')} />
        </Center>
      )}
    </HelpFrame>
  );
}
