import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ListActionsProps {
  dirty: boolean;
  saving: boolean;
  onCancel: () => void;
  onSave: () => void;
}

/** Save and Cancel under a plan's list of barriers, supports or trainings; both wait for a change. */
export function ListActions({ dirty, saving, onCancel, onSave }: ListActionsProps) {
  const { t } = useTranslation('plans');
  return (
    <Group justify="flex-end" gap="sm">
      {dirty && (
        <Text size="sm" c="dimmed" role="status">
          {t('items.unsaved')}
        </Text>
      )}
      <Button variant="default" onClick={onCancel} disabled={!dirty || saving}>
        {t('items.cancel')}
      </Button>
      <Button onClick={onSave} disabled={!dirty} loading={saving}>
        {t('items.save')}
      </Button>
    </Group>
  );
}
