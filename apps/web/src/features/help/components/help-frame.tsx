import { Anchor, Breadcrumbs, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HelpFooter } from './help-footer.tsx';
import { HelpSearchForm } from './help-search-form.tsx';

export interface Crumb {
  label: string;
  to: string;
}

/** Every help screen: where it sits in the help centre, its title, the search box, and the footer. */
export function HelpFrame({
  title,
  crumbs = [],
  search = '',
  children,
}: {
  title: string;
  crumbs?: Crumb[];
  search?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('help');
  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        {crumbs.length > 0 && (
          <nav aria-label={t('breadcrumbs')}>
            <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap' }}>
              {crumbs.map((crumb) => (
                <Anchor key={crumb.to} component={Link} to={crumb.to} size="sm">
                  {crumb.label}
                </Anchor>
              ))}
              <Text size="sm" c="dimmed" aria-current="page">
                {title}
              </Text>
            </Breadcrumbs>
          </nav>
        )}
        <Title order={1}>{title}</Title>
        <HelpSearchForm key={search} initial={search} />
        {children}
      </Stack>
      <HelpFooter />
    </Container>
  );
}
