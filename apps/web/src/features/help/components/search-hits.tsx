import type { HelpSearchHit } from '@cairn/shared/help.schemas';
import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Search results: each article's title, category, and the words around the match, highlighted. */
export function SearchHits({ hits, label }: { hits: readonly HelpSearchHit[]; label: string }) {
  const { t } = useTranslation('help');
  return (
    <Stack component="ol" gap="lg" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {hits.map((hit) => (
        <li key={`${hit.category}/${hit.page}`}>
          <Anchor component={Link} to={`/help/${hit.category}/${hit.page}`} fw={600}>
            {hit.title}
          </Anchor>
          <Text size="sm" c="dimmed">
            {t(`categories.${hit.category}.name`)}
          </Text>
          <Text size="sm" mt={4}>
            {hit.excerpt.before}
            {hit.excerpt.match && <mark>{hit.excerpt.match}</mark>}
            {hit.excerpt.after}
          </Text>
        </li>
      ))}
    </Stack>
  );
}
