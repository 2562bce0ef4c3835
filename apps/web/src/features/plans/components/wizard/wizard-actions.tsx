import { Button, Group } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface WizardActionsProps {
  last: boolean;
  saving: boolean;
  onBack: () => void;
  onCancel: () => void;
}

/** Step 1: Cancel and Next. Step 2: Back, Cancel and Save. Next and Save submit the form. */
export function WizardActions({ last, saving, onBack, onCancel }: WizardActionsProps) {
  const { t } = useTranslation('plans');
  return (
    <Group justify="space-between" mt="xl">
      <Group gap="sm">
        {last && (
          <Button
            variant="default"
            onClick={onBack}
            disabled={saving}
            leftSection={<IconArrowLeft size={18} aria-hidden />}
          >
            {t('wizard.actions.back')}
          </Button>
        )}
        <Button variant="default" onClick={onCancel} disabled={saving}>
          {t('wizard.actions.cancel')}
        </Button>
      </Group>
      {last ? (
        <Button type="submit" loading={saving} leftSection={<IconDeviceFloppy size={18} aria-hidden />}>
          {t('wizard.actions.save')}
        </Button>
      ) : (
        <Button type="submit" rightSection={<IconArrowRight size={18} aria-hidden />}>
          {t('wizard.actions.next')}
        </Button>
      )}
    </Group>
  );
}
