import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Cancel and Save under a form: Save submits it, and both wait while the save is under way. */
export function FormActions({ submitting, onCancel }: { submitting: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel} disabled={submitting}>
        {t('actions.cancel')}
      </Button>
      <Button type="submit" loading={submitting}>
        {t('actions.save')}
      </Button>
    </Group>
  );
}
