import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLinks } from '../../../components/page-links.tsx';

export interface WorkRow {
  key: number;
  /** Where the work is done. */
  to: string;
  /** The link's words: the client's name. */
  name: string;
  /** What the row says beside the name (a due date, a date of change). */
  detail: ReactNode;
  badge?: { label: string; color: string } | undefined;
}

export interface WorkSectionProps {
  /** The section's id, naming its heading for the list's accessible name. */
  id: string;
  title: string;
  total: number;
  rows: readonly WorkRow[];
  /** What the section says when nothing waits. */
  empty: string;
  /** A link to all of them, elsewhere, when the list holds more than a page. */
  more?: { to: string; label: string } | undefined;
  /** The page shown, of `pageSize` rows, and the page asked for next. */
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
}

/** One of My work's lists: a heading with its count, its rows linking to where the work is done. */
export function WorkSection({
  id,
  title,
  total,
  rows,
  empty,
  more,
  page,
  pageSize,
  onPage,
}: WorkSectionProps) {
  const { t } = useTranslation('my-work');
  const headingId = `${id}-heading`;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="sm">
        {title}{' '}
        <Badge component="span" size="lg" variant="light" ml={4} style={{ verticalAlign: 'middle' }}>
          {total}
        </Badge>
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby={headingId}>
          {rows.map((row) => (
            <li key={row.key}>
              <Group justify="space-between" wrap="wrap" gap={4}>
                <Anchor component={Link} to={row.to} style={{ overflowWrap: 'anywhere' }}>
                  {row.name}
                </Anchor>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" c="dimmed">
                    {row.detail}
                  </Text>
                  {row.badge && (
                    // Filled, dark shades: white text above WCAG AA's 4.5:1 (red 9: 5.4:1, blue 9: 6.4:1).
                    <Badge
                      color={row.badge.color}
                      variant="filled"
                      component="span"
                      style={{ flexShrink: 0 }}
                    >
                      {row.badge.label}
                    </Badge>
                  )}
                </Group>
              </Group>
            </li>
          ))}
        </Stack>
      )}
      {total > pageSize && (
        <Group justify="space-between" mt="sm" gap="xs">
          <PageLinks
            page={page}
            pages={Math.ceil(total / pageSize)}
            label={t('pages', { list: title })}
            onPage={onPage}
            size="sm"
          />
          {more && (
            <Anchor component={Link} to={more.to}>
              {more.label}
            </Anchor>
          )}
        </Group>
      )}
    </Card>
  );
}
