import { HELP_SEARCH_MAX } from '@cairn/shared/help.schemas';
import { Button, Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** The help centre's search box: opens /help/search?q=… (spec §2). */
export function HelpSearchForm({ initial = '' }: { initial?: string }) {
  const { t } = useTranslation('help');
  const navigate = useNavigate();
  const [text, setText] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (q) void navigate(`/help/search?${new URLSearchParams({ q }).toString()}`);
  };
  return (
    <form role="search" onSubmit={submit} aria-label={t('search.label')}>
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          type="search"
          aria-label={t('search.label')}
          placeholder={t('search.placeholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          maxLength={HELP_SEARCH_MAX}
          style={{ flex: 1, minWidth: 0 }}
        />
        <Button type="submit">{t('search.submit')}</Button>
      </Group>
    </form>
  );
}
