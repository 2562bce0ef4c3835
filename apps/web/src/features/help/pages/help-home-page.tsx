import { helpCategoriesOf } from '@cairn/shared/help.schemas';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../lib/page-title.ts';
import { roleOf, useSession } from '../../../lib/session.ts';
import { useHelpArticles } from '../api/help-queries.ts';
import { CategoryCards } from '../components/category-cards.tsx';
import { HelpFrame } from '../components/help-frame.tsx';

/** /help (spec §2 Help): the search box and the cards of the role's categories (spec §6). */
export function HelpHomePage() {
  const { t } = useTranslation('help');
  usePageTitle(t('title'));
  const role = roleOf(useSession()?.user);
  const articles = useHelpArticles();
  return (
    <HelpFrame title={t('heading')}>
      <Text c="dimmed">{t('intro')}</Text>
      <CategoryCards categories={helpCategoriesOf(role)} articles={articles.data?.articles} />
    </HelpFrame>
  );
}
