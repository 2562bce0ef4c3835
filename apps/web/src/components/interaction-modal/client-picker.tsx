import type { ClientOption } from '@cairn/shared/clients.schemas';
import { Loader, Select, type ComboboxItem } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientOptions } from '../../lib/interaction-queries.ts';

export interface ClientPickerProps {
  value: string | null;
  onChange: (clientId: string | null) => void;
  error?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A searchable choice of client: the server searches by name (GET /clients/minimal), and a date
 * of birth beside each name tells apart two clients with the same name.
 */
export function ClientPicker({ value, onChange, error, ref }: ClientPickerProps) {
  const { t } = useTranslation('interactions');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<ComboboxItem | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), 250);
  // Once a client is chosen the box shows their label: that is not a new search.
  const searching = debounced !== '' && debounced !== chosen?.label;
  const options = useClientOptions(searching ? debounced : '');

  const data = useMemo(() => {
    const items = (options.data ?? []).map((c) => toItem(c, t));
    if (chosen && !items.some((i) => i.value === chosen.value)) items.unshift(chosen);
    return items;
  }, [options.data, chosen, t]);

  return (
    <Select
      ref={ref}
      label={t('fields.client')}
      placeholder={t('fields.clientPlaceholder')}
      withAsterisk
      searchable
      clearable
      // The list opens on typing, a click or the arrow keys, not on focus alone: after one entry
      // the page puts focus here for the next, and a list over the form would be in the way.
      openOnFocus={false}
      data={data}
      value={value}
      onChange={(next, option) => {
        setChosen(next ? option : null);
        onChange(next);
      }}
      searchValue={search}
      onSearchChange={setSearch}
      // The server has already filtered by the typed name.
      filter={({ options: all }) => all}
      nothingFoundMessage={options.isFetching ? t('fields.clientSearching') : t('fields.clientNothingFound')}
      rightSection={options.isFetching ? <Loader size={16} aria-hidden /> : undefined}
      error={error}
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={280}
    />
  );
}

function toItem(c: ClientOption, t: (key: string, options: Record<string, string>) => string): ComboboxItem {
  const born = c.date_of_birth ? ` (${t('fields.born', { date: c.date_of_birth })})` : '';
  return { value: String(c.client_id), label: `${c.title}${born}` };
}
