import { PLAN_ITEM_LIMITS } from '@cairn/shared/plans.schemas';
import { requiredText } from '@cairn/shared/validators';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../lib/message-text.ts';

const nameSchema = requiredText(PLAN_ITEM_LIMITS.otherNameMax);

export interface OtherNameModalProps {
  /** Which item is being named; null while the dialog is closed. */
  subject: 'barrier' | 'support' | null;
  /** Whether a name is already on the plan for this item (spec §9: it would be dropped). */
  isTaken: (name: string) => boolean;
  onCancel: () => void;
  onConfirm: (name: string) => void;
}

/**
 * Spec §2 and §5: choosing 'Other' asks for the client's own name for it, 'Add barrier' /
 * 'Please give this barrier a name.' (and the same for a support); required, up to 64 characters.
 */
export function OtherNameModal({ subject, isTaken, onCancel, onConfirm }: OtherNameModalProps) {
  const { t } = useTranslation('plan-items');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const opened = subject !== null;
  // A name typed for one 'Other' must not be offered for the next.
  if (!opened && (name !== '' || error !== null)) {
    setName('');
    setError(null);
  }

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The submit must not reach a form this dialog was opened from (the new plan wizard).
    event.stopPropagation();
    const parsed = nameSchema.safeParse(name);
    if (!parsed.success) return setError(messageText(parsed.error.issues[0]?.message));
    if (isTaken(parsed.data)) return setError(t('otherName.taken'));
    onConfirm(parsed.data);
  };

  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={subject ? t(`otherName.${subject}.title`) : ''}
      centered
      closeButtonProps={{ 'aria-label': t('otherName.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={subject ? t(`otherName.${subject}.label`) : ''}
            withAsterisk
            maxLength={PLAN_ITEM_LIMITS.otherNameMax}
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            autoComplete="off"
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('otherName.cancel')}
            </Button>
            <Button type="submit">{t('otherName.add')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
