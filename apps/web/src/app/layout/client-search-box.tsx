import { Box, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

/** Spec §1: the header's client search writes `s` on the clients page when Enter is pressed. */
export function ClientSearchBox({
  onSearch,
  fullWidth = false,
}: {
  onSearch?: () => void;
  fullWidth?: boolean;
}) {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const location = useLocation();
  const urlTerm =
    location.pathname === '/clients' ? (new URLSearchParams(location.search).get('s') ?? '') : '';
  const [text, setText] = useState(urlTerm);
  // Follow the address when it changes (back button, another search, leaving the list).
  const [shownTerm, setShownTerm] = useState(urlTerm);
  if (urlTerm !== shownTerm) {
    setShownTerm(urlTerm);
    setText(urlTerm);
  }

  return (
    <Box
      component="form"
      role="search"
      w={fullWidth ? '100%' : { base: 170, lg: 220 }}
      onSubmit={(event) => {
        event.preventDefault();
        const term = text.trim();
        void navigate(term ? `/clients?${new URLSearchParams({ s: term }).toString()}` : '/clients');
        onSearch?.();
      }}
    >
      <TextInput
        type="search"
        aria-label={t('search.label')}
        placeholder={t('search.placeholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        maxLength={128}
      />
    </Box>
  );
}
