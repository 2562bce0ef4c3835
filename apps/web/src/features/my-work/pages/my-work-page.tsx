import type { components } from '../../../lib/api-types.generated.ts';
import {
  MY_WORK_LISTS,
  MY_WORK_ROWS,
  type MyWorkList,
  type MyWorkPages,
} from '@cairn/shared/my-work.schemas';
import { Center, Container, Loader, SimpleGrid, Text, Title } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useAddressQuery } from '../../../lib/use-address-query.ts';
import { useFormats } from '../../../lib/use-formats.ts';
import { pageOf } from '../../../lib/use-list-params.ts';
import { useMyWork } from '../api/my-work-queries.ts';
import { WorkSection } from '../components/work-section.tsx';

type MyWork = components['schemas']['MyWork'];

/** The page of each list, kept in the address (`follow_ups_page=2`, as the API names it; page 1 left out). */
function useListPages() {
  const [query, changeQuery] = useAddressQuery();
  const pages = useMemo(
    () => Object.fromEntries(MY_WORK_LISTS.map((l) => [l, pageOf(query.get(`${l}_page`))])) as MyWorkPages,
    [query],
  );
  const setPage = useCallback(
    (list: MyWorkList, page: number) =>
      changeQuery((current) => {
        if (page > 1) current.set(`${list}_page`, String(page));
        else current.delete(`${list}_page`);
        return current;
      }),
    [changeQuery],
  );
  return { pages, setPage };
}

/** The four lists, each row linking to where its work is done. */
function useSections(work: MyWork) {
  const { t } = useTranslation('my-work');
  const f = useFormats();
  const client = (id: number) => `/client/${id}`;
  return [
    {
      list: 'follow_ups' as const,
      id: 'follow-ups',
      title: t('followUps.title'),
      total: work.follow_ups.total,
      empty: t('followUps.empty'),
      rows: work.follow_ups.items.map((i) => ({
        key: i.follow_up_id,
        to: `/client/${i.client_id}/plan/${i.plan_id}?tab=follow-ups`,
        name: i.full_name,
        detail: t('followUps.due', { date: f.longDate(i.due_date), months: i.month }),
        badge: {
          label: t(`followUps.status.${i.status}`),
          color: i.status === 'overdue' ? 'red.9' : 'blue.9',
        },
      })),
    },
    {
      list: 'missing_info' as const,
      id: 'missing-info',
      title: t('missingInfo.title'),
      total: work.missing_info.total,
      empty: t('missingInfo.empty'),
      rows: work.missing_info.items.map((i) => ({
        key: i.client_id,
        to: client(i.client_id),
        name: i.full_name,
        detail: t('changed', { date: f.momentDate(i.updated_at) }),
      })),
      more: { to: '/clients?worker=me', label: t('missingInfo.more') },
    },
    {
      list: 'gone_quiet' as const,
      id: 'gone-quiet',
      title: t('goneQuiet.title', { count: work.gone_quiet_days }),
      total: work.gone_quiet.total,
      empty: t('goneQuiet.empty', { count: work.gone_quiet_days }),
      rows: work.gone_quiet.items.map((i) => ({
        key: i.plan_id,
        to: `/client/${i.client_id}/plan/${i.plan_id}`,
        name: i.full_name,
        detail: t('goneQuiet.since', { date: f.momentDate(i.last_activity) }),
      })),
    },
    {
      list: 'unassigned' as const,
      id: 'unassigned',
      title: t('unassigned.title'),
      total: work.unassigned.total,
      empty: t('unassigned.empty'),
      rows: work.unassigned.items.map((i) => ({
        key: i.client_id,
        to: client(i.client_id),
        name: i.full_name,
        detail: t('changed', { date: f.momentDate(i.updated_at) }),
      })),
      more: { to: '/clients?worker=none', label: t('unassigned.more') },
    },
  ];
}

interface SectionsProps {
  work: MyWork;
  pages: MyWorkPages;
  setPage: (list: MyWorkList, page: number) => void;
}

function Sections({ work, pages, setPage }: SectionsProps) {
  const sections = useSections(work);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {sections.map(({ list, ...s }) => (
        <WorkSection
          key={s.id}
          {...s}
          page={pages[list]}
          pageSize={MY_WORK_ROWS}
          onPage={(page) => setPage(list, page)}
        />
      ))}
    </SimpleGrid>
  );
}

/** /my-work (issue 32): a Coordinator's home, what is waiting for them, with counts, each list paged. */
export function MyWorkPage() {
  const { t } = useTranslation('my-work');
  const title = t('title');
  usePageTitle(title);
  const { pages, setPage } = useListPages();
  const work = useMyWork(pages);
  return (
    <Container size="xl" py="lg">
      <Title order={1} mb="xs">
        {title}
      </Title>
      <Text mb="md" c="dimmed">
        {t('intro')}
      </Text>
      {work.data ? (
        <Sections work={work.data} pages={pages} setPage={setPage} />
      ) : (
        <Center py="xl">
          <Loader aria-label={t('loading')} />
        </Center>
      )}
    </Container>
  );
}
