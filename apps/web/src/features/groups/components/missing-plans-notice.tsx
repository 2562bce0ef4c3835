import type { GroupClientName } from '@cairn/shared/groups.schemas';
import { Alert, Anchor, List, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface MissingPlansNoticeProps {
  clients: readonly GroupClientName[];
  /** What becomes of them, under the list. */
  note?: string;
}

/** Spec §2: the members without an open plan, each a link to the client, under the warning. */
export function MissingPlansNotice({ clients, note }: MissingPlansNoticeProps) {
  const { t } = useTranslation('groups');
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertCircle aria-hidden />}
      title={t('bulk.missingPlans')}
      // The light alert's orange title is 4.3:1 on its background, below WCAG AA: the text's own colour.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <List size="sm" spacing={2}>
        {clients.map((client) => (
          <List.Item key={client.client_id}>
            <Anchor component={Link} to={`/client/${client.client_id}`} size="sm">
              {t('bulk.memberName', { first: client.first_name, last: client.last_name })}
            </Anchor>
          </List.Item>
        ))}
      </List>
      {note && (
        <Text size="sm" mt="xs">
          {note}
        </Text>
      )}
    </Alert>
  );
}
