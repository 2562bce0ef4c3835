import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const SEARCH_DELAY_MS = 300;
const SEARCH_MAX = 128;

export interface SearchFieldProps {
  /** The term in the address (`s`), which something else (the header's client search) may write too. */
  value: string;
  onSearch: (term: string) => void;
  /** The field's accessible name and placeholder. */
  label: string;
  placeholder?: string;
}

/** A server-side list's search: writes the term, a moment after typing stops. */
export function SearchField({ value, onSearch, label, placeholder = label }: SearchFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  // Follow the address when something else changes it (the header's search, back button).
  if (value !== shownValue) {
    setShownValue(value);
    if (value !== text.trim()) setText(value);
  }
  const search = useDebouncedCallback(onSearch, SEARCH_DELAY_MS);

  const change = (next: string) => {
    setText(next);
    search(next);
  };

  return (
    <TextInput
      type="search"
      aria-label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label={t('search.clear')}
            onClick={() => {
              setText('');
              search.cancel();
              onSearch('');
            }}
          />
        ) : null
      }
      value={text}
      onChange={(event) => change(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') search.flush();
      }}
      maxLength={SEARCH_MAX}
      w={{ base: '100%', sm: 320 }}
    />
  );
}
