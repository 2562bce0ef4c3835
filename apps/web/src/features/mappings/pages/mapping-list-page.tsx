import { Anchor, Button, Center, Box, Container, Group, Loader, Tabs, Title } from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAddressQuery } from '../../../lib/use-address-query.ts';
import { SearchField } from '../../../components/search-field.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useMappingList, type MappingState } from '../api/mapping-queries.ts';
import { isMappingKind, matchesSearch, type MappingKind } from '../components/mapping-kinds.ts';
import { MappingTable } from '../components/mapping-table.tsx';
import { NotFoundHere } from '../components/not-found-here.tsx';

/** /mapping/{category} (spec §2 Mappings category list); any other category is not found. */
export function MappingListPage() {
  const { category } = useParams();
  if (!isMappingKind(category)) return <NotFoundHere />;
  return <MappingList key={category} kind={category} />;
}

function MappingList({ kind }: { kind: MappingKind }) {
  const { t } = useTranslation('mappings');
  const title = t(`kinds.${kind}`);
  usePageTitle(title);
  // The tab is in the address, so Back from an item returns to the tab it was opened from.
  const [params, changeQuery] = useAddressQuery();
  const state: MappingState = params.get('tab') === 'disabled' ? 'disabled' : 'active';
  const [term, setTerm] = useState('');

  const showTab = (next: string | null) =>
    changeQuery(() => new URLSearchParams(next === 'disabled' ? { tab: 'disabled' } : {}), { replace: true });

  return (
    <Container size="xl" py="lg">
      <Anchor component={Link} to="/mappings" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {t('list.backToMappings')}
        </Group>
      </Anchor>
      <Group justify="space-between" mt="xs" mb="lg">
        <Title order={1}>{title}</Title>
        <Button component={Link} to={`/mapping/${kind}/new`} leftSection={<IconPlus size={18} aria-hidden />}>
          {t(`list.new.${kind}`)}
        </Button>
      </Group>
      <Tabs value={state} onChange={showTab} keepMounted={false}>
        <Tabs.List aria-label={t('list.tabs.label')} mb="md">
          <Tabs.Tab value="active">{t('list.tabs.active')}</Tabs.Tab>
          <Tabs.Tab value="disabled">{t('list.tabs.disabled')}</Tabs.Tab>
        </Tabs.List>
        <Box mb="md">
          <SearchField value={term} onSearch={setTerm} label={t(`list.search.${kind}`)} />
        </Box>
        {(['active', 'disabled'] as const).map((tab) => (
          <Tabs.Panel key={tab} value={tab}>
            <MappingTab kind={kind} state={tab} term={term} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Container>
  );
}

function MappingTab({ kind, state, term }: { kind: MappingKind; state: MappingState; term: string }) {
  const { t } = useTranslation('mappings');
  const { data } = useMappingList(kind, state);
  if (!data) {
    return (
      <Center py="xl">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  const items = data.filter((item) => matchesSearch(item, term));
  const empty =
    data.length > 0
      ? t('list.noResults')
      : state === 'active'
        ? t('list.noneActive')
        : t('list.noneDisabled');
  return (
    <MappingTable
      kind={kind}
      items={items}
      label={t(`list.tableLabel.${state}`, { kind: t(`kinds.${kind}`) })}
      empty={empty}
    />
  );
}
