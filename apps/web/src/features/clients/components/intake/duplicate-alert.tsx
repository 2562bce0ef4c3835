import { Alert, Anchor, List, Text, VisuallyHidden } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../../../../lib/use-formats.ts';
import type { DuplicateMatch } from '../../api/client-mutations.ts';

/**
 * Clients already on file that look like the one being entered. The links open in a new tab so
 * the intake in progress is kept; the warning does not stop the save.
 */
export function DuplicateAlert({ matches }: { matches: DuplicateMatch[] }) {
  const { t } = useTranslation('clients');
  const fmt = useFormats();
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconUsers size={20} aria-hidden />}
      title={t('intake.duplicates.title')}
      role="alert"
      // The light variant's yellow title on its yellow ground is below 4.5:1 (axe): the text's colour.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <Text size="sm" mb="xs">
        {t('intake.duplicates.intro')}
      </Text>
      <List size="sm" spacing={4}>
        {matches.map((match) => (
          <List.Item key={match.client_id}>
            <Anchor href={`/client/${match.client_id}`} target="_blank" rel="noopener noreferrer">
              {match.full_name}
              <VisuallyHidden> ({t('intake.duplicates.newTab')})</VisuallyHidden>
            </Anchor>
            {match.date_of_birth &&
              `, ${t('intake.duplicates.born', { date: fmt.longDate(match.date_of_birth) })}`}
            {' — '}
            {t('intake.duplicates.score', { percent: Math.round(match.score * 100) })}
            {': '}
            {match.reasons.map((reason) => t(`duplicateReasons.${reason}`)).join(', ')}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
