import { Center, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAddressQuery } from '../../../lib/use-address-query.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useHelpSearch } from '../api/help-queries.ts';
import { HelpFrame } from '../components/help-frame.tsx';
import { SearchHits } from '../components/search-hits.tsx';

/** /help/search?q (spec §2, §5): the role's articles whose title or body holds the query. */
export function HelpSearchPage() {
  const { t } = useTranslation('help');
  usePageTitle(t('search.title'));
  const q = (useAddressQuery()[0].get('q') ?? '').trim();
  const search = useHelpSearch(q);
  const heading = q ? t('search.heading', { q }) : t('search.title');
  const crumbs = [{ label: t('title'), to: '/help' }];

  let results;
  if (!q) results = <Text c="dimmed">{t('search.empty')}</Text>;
  else if (!search.data)
    results = (
      <Center py="xl">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  else if (search.data.articles.length === 0) results = <Text>{t('search.none', { q })}</Text>;
  else
    results = (
      <>
        <Text role="status">{t('search.count', { count: search.data.articles.length })}</Text>
        <SearchHits hits={search.data.articles} label={heading} />
      </>
    );

  return (
    <HelpFrame title={heading} crumbs={crumbs} search={q}>
      {results}
    </HelpFrame>
  );
}
