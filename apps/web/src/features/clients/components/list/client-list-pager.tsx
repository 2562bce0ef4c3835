import { CLIENT_PAGE_SIZES } from '@cairn/shared/clients.schemas';
import { Group, Pagination, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ClientListPagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

const sizes = CLIENT_PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }));

/** Pages of the server-side list and how many rows each shows. */
export function ClientListPager({ page, pageSize, total, onPage, onPageSize }: ClientListPagerProps) {
  const { t } = useTranslation('clients');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Group justify="space-between" mt="md" gap="md">
      <Select
        label={t('list.pageSize')}
        data={sizes}
        value={String(pageSize)}
        onChange={(value) => value && onPageSize(Number(value))}
        allowDeselect={false}
        w={120}
        size="sm"
      />
      <nav aria-label={t('list.pagination')}>
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={onPage}
          withEdges
          getControlProps={(control) => ({ 'aria-label': t(`list.pageControls.${control}`) })}
          getItemProps={(n) => ({ 'aria-label': t('list.pageNumber', { page: n }) })}
        />
      </nav>
    </Group>
  );
}
