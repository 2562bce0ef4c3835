import { Button, Menu } from '@mantine/core';
import { IconArrowMerge, IconDots } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The profile's More menu: what is done to the client as a whole (Merge with…). */
export function ClientMoreMenu({ clientId }: { clientId: number }) {
  const { t } = useTranslation('clients');
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Button variant="default" rightSection={<IconDots size={16} aria-hidden />}>
          {t('profile.more')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          component={Link}
          to={`/client/${clientId}/merge`}
          leftSection={<IconArrowMerge size={16} aria-hidden />}
        >
          {t('profile.mergeWith')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
