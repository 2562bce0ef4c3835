import { Button, Menu } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { otherLanguage, useChooseLanguage } from '../lib/language.ts';

/**
 * The language choice (issue 34): the other language, named in itself (English, Français) and
 * marked as being in it (`lang`), as bilingual Canadian sites offer it. On the sign-in page a
 * button; in the account menu an item (`inMenu`).
 */
export function LanguageSwitch({ inMenu = false }: { inMenu?: boolean }) {
  const { t } = useTranslation('common');
  const choose = useChooseLanguage();
  const other = otherLanguage();
  const label = t(`languages.${other}`);
  const icon = <IconLanguage size={16} aria-hidden />;
  if (inMenu)
    return (
      <Menu.Item
        lang={other}
        leftSection={icon}
        onClick={() => choose.mutate(other)}
        disabled={choose.isPending}
      >
        {label}
      </Menu.Item>
    );
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      lang={other}
      leftSection={icon}
      onClick={() => choose.mutate(other)}
      loading={choose.isPending}
    >
      {label}
    </Button>
  );
}
