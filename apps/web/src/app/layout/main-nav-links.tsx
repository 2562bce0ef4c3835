import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isActive, type NavItem } from './nav-items.ts';

/** The role's main sections as a row of links in the header (large screens). */
export function MainNavLinks({ items }: { items: readonly NavItem[] }) {
  const { t } = useTranslation('layout');
  const { pathname } = useLocation();
  if (items.length === 0) return null;
  return (
    <Group component="nav" aria-label={t('mainNavigation')} gap={4} wrap="nowrap">
      {items.map((item) => {
        const active = isActive(item, pathname);
        return (
          <Button
            key={item.key}
            component={Link}
            to={item.to}
            variant={active ? 'light' : 'subtle'}
            color={active ? undefined : 'dark'}
            aria-current={active ? 'page' : undefined}
            px="sm"
          >
            {t(`nav.${item.key}`)}
          </Button>
        );
      })}
    </Group>
  );
}
