import { IMPORT_LIMITS, type ImportCommitResult } from '@cairn/shared/imports.schemas';
import { Anchor, Badge, Button, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** What the commit wrote, with a link to each client written (the first ones) and to the list. */
export function ImportSummary({ result, onAnother }: { result: ImportCommitResult; onAnother: () => void }) {
  const { t } = useTranslation('imports');
  const written = result.created + result.updated;
  return (
    <Stack gap="lg">
      <Title order={2} size="h3" tabIndex={-1} data-autofocus id="import-summary">
        {t('summary.heading')}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} component="dl" m={0}>
        {(['created', 'updated', 'skipped', 'rejected'] as const).map((key) => (
          <div key={key}>
            <Text component="dt" size="sm" c="dimmed">
              {t(`summary.${key}`)}
            </Text>
            <Text component="dd" m={0} fw={700} size="xl" data-testid={`import-result-${key}`}>
              {result[key].toLocaleString()}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      {result.clients.length > 0 && (
        <section aria-labelledby="import-clients">
          <Title order={3} size="h4" id="import-clients" mb="xs">
            {t('summary.clients')}
          </Title>
          <List spacing={4}>
            {result.clients.map((c) => (
              <List.Item key={c.client_id}>
                <Group gap="xs">
                  <Anchor component={Link} to={`/client/${c.client_id}`}>
                    {c.full_name}
                  </Anchor>
                  <Badge variant="light" size="sm">
                    {t(`summary.${c.action}_badge`)}
                  </Badge>
                </Group>
              </List.Item>
            ))}
          </List>
          {written > result.clients.length && (
            <Text size="sm" c="dimmed" mt="xs">
              {t('summary.more', { shown: IMPORT_LIMITS.clientsShown })}
            </Text>
          )}
        </section>
      )}
      <Group gap="sm">
        <Button component={Link} to="/clients">
          {t('summary.toList')}
        </Button>
        <Button variant="default" onClick={onAnother}>
          {t('summary.another')}
        </Button>
      </Group>
    </Stack>
  );
}
