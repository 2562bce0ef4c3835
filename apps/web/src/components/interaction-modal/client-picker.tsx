import type { ClientOption } from '@cairn/shared/clients.schemas';
import { Loader, Select, type ComboboxItem } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientOptions } from '../../lib/interaction-queries.ts';

export interface ClientPickerProps {
  value: string | null;
  /** The chosen client's id, and their label as the list showed it (name and date of birth). */
  onChange: (clientId: string | null, label: string | null) => void;
  error?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  /** The field's label; 'Client' by default. */
  label?: string;
  /** Marked required; true by default. */
  withAsterisk?: boolean;
  /** Clients not to offer (already chosen elsewhere). */
  exclude?: ReadonlySet<number>;
}

/**
 * A searchable choice of client: the server searches by name (GET /clients/minimal), and a date
 * of birth beside each name tells apart two clients with the same name.
 */
export function ClientPicker({
  value,
  onChange,
  error,
  ref,
  label,
  withAsterisk = true,
  exclude,
}: ClientPickerProps) {
  const { t } = useTranslation('interactions');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<ComboboxItem | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), 250);
  // Once a client is chosen the box shows their label: that is not a new search.
  const searching = debounced !== '' && debounced !== chosen?.label;
  const options = useClientOptions(searching ? debounced : '');

  const data = useMemo(() => {
    const items = (options.data ?? []).filter((c) => !exclude?.has(c.client_id)).map((c) => toItem(c, t));
    if (chosen && !items.some((i) => i.value === chosen.value)) items.unshift(chosen);
    return items;
  }, [options.data, chosen, t, exclude]);

  return (
    <Select
      ref={ref}
      label={label ?? t('fields.client')}
      placeholder={t('fields.clientPlaceholder')}
      withAsterisk={withAsterisk}
      searchable
      clearable
      // The list opens on typing, a click or the arrow keys, not on focus alone: after one entry
      // the page puts focus here for the next, and a list over the form would be in the way.
      openOnFocus={false}
      data={data}
      value={value}
      onChange={(next, option) => {
        setChosen(next ? option : null);
        onChange(next, next ? option.label : null);
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
