import { Button, Group } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface WizardActionsProps {
  /** The last step: Save instead of Next. */
  last: boolean;
  saving: boolean;
  /** Back to the step before; no Back button without it. */
  onBack?: () => void;
  /** Leaves the wizard; no Cancel button without it. */
  onCancel?: () => void;
}

/** Back and Cancel on the left, Next or (on the last step) Save on the right; both submit the form. */
export function WizardActions({ last, saving, onBack, onCancel }: WizardActionsProps) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" mt="xl">
      <Group gap="sm">
        {onBack && (
          <Button
            variant="default"
            onClick={onBack}
            disabled={saving}
            leftSection={<IconArrowLeft size={18} aria-hidden />}
          >
            {t('actions.back')}
          </Button>
        )}
        {onCancel && (
          <Button variant="default" onClick={onCancel} disabled={saving}>
            {t('actions.cancel')}
          </Button>
        )}
      </Group>
      {last ? (
        <Button type="submit" loading={saving} leftSection={<IconDeviceFloppy size={18} aria-hidden />}>
          {t('actions.save')}
        </Button>
      ) : (
        <Button type="submit" rightSection={<IconArrowRight size={18} aria-hidden />}>
          {t('actions.next')}
        </Button>
      )}
    </Group>
  );
}
