import { Pagination, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface PageLinksProps {
  page: number;
  /** How many pages the list has (at least 1). */
  pages: number;
  /** The accessible name of the links, naming the list (e.g. 'Pages of clients'). */
  label: string;
  onPage: (page: number) => void;
  size?: MantineSize;
}

/** The page links of a server-side list, each control named in the catalogue's words. */
export function PageLinks({ page, pages, label, onPage, size = 'md' }: PageLinksProps) {
  const { t } = useTranslation();
  return (
    <nav aria-label={label}>
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onPage}
        withEdges
        size={size}
        getControlProps={(control) => ({ 'aria-label': t(`pager.controls.${control}`) })}
        getItemProps={(n) => ({ 'aria-label': t('pager.pageNumber', { page: n }) })}
      />
    </nav>
  );
}
