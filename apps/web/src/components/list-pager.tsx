import { Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLinks } from './page-links.tsx';

export interface ListPagerProps {
  page: number;
  pageSize: number;
  /** The page sizes offered. */
  pageSizes: readonly number[];
  total: number;
  /** The accessible name of the page links, naming the list (e.g. 'Pages of clients'). */
  label: string;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

/** Pages of a server-side list and how many rows each shows. */
export function ListPager({ page, pageSize, pageSizes, total, label, onPage, onPageSize }: ListPagerProps) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const sizes = pageSizes.map((n) => ({ value: String(n), label: String(n) }));
  return (
    <Group justify="space-between" mt="md" gap="md">
      <Select
        label={t('pager.pageSize')}
        data={sizes}
        value={String(pageSize)}
        onChange={(value) => value && onPageSize(Number(value))}
        allowDeselect={false}
        w={120}
        size="sm"
      />
      <PageLinks page={page} pages={pages} label={label} onPage={onPage} />
    </Group>
  );
}
