import { Button, Group } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface IntakeActionsProps {
  first: boolean;
  last: boolean;
  saving: boolean;
  onBack: () => void;
  onCancel: () => void;
}

/** Cancel (step 1) or Back, then Next, or Save on the last step; Next and Save submit the form. */
export function IntakeActions({ first, last, saving, onBack, onCancel }: IntakeActionsProps) {
  const { t } = useTranslation('clients');
  return (
    <Group justify="space-between" mt="xl">
      {first ? (
        <Button variant="default" onClick={onCancel}>
          {t('intake.actions.cancel')}
        </Button>
      ) : (
        <Button
          variant="default"
          onClick={onBack}
          disabled={saving}
          leftSection={<IconArrowLeft size={18} aria-hidden />}
        >
          {t('intake.actions.back')}
        </Button>
      )}
      {last ? (
        <Button type="submit" loading={saving} leftSection={<IconDeviceFloppy size={18} aria-hidden />}>
          {t('intake.actions.save')}
        </Button>
      ) : (
        <Button type="submit" rightSection={<IconArrowRight size={18} aria-hidden />}>
          {t('intake.actions.next')}
        </Button>
      )}
    </Group>
  );
}
