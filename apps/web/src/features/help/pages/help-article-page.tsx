import type { HelpCategory } from '@cairn/shared/help.schemas';
import { Center, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { refusedPage } from '../../../lib/refused-page.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useFormats } from '../../../lib/use-formats.ts';
import { useHelpArticleBody, useHelpArticles } from '../api/help-queries.ts';
import { ArticleBody } from '../components/article-body.tsx';
import { HelpFrame } from '../components/help-frame.tsx';

/** /help/{helpCategory}/{helpPage}: an article, its updated date and its HTML body. */
export function HelpArticlePage() {
  const { t } = useTranslation('help');
  const formats = useFormats();
  const params = useParams();
  const category = params.helpCategory as HelpCategory;
  const page = params.helpPage ?? '';
  const list = useHelpArticles(category);
  const body = useHelpArticleBody(category, page);
  const article = list.data?.articles.find((a) => a.page === page);
  // An address no article of the category has: the not-found page, as for a missing record.
  const { key } = useLocation();
  const missing = list.data !== undefined && article === undefined;
  useEffect(() => {
    if (missing) refusedPage.set('notFound', key);
  }, [missing, key]);
  usePageTitle(article?.title);
  const categoryName = t(`categories.${category}.name`);
  const crumbs = [
    { label: t('title'), to: '/help' },
    { label: categoryName, to: `/help/${category}` },
  ];

  if (!article || body.data === undefined) {
    return (
      <Center py="xl">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  return (
    <HelpFrame title={article.title} crumbs={crumbs}>
      <Text size="sm" c="dimmed">
        {t('articles.updated', { date: formats.longDate(article.updated) })}
      </Text>
      <ArticleBody html={body.data} />
    </HelpFrame>
  );
}
