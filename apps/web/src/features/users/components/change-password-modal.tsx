import { Button, Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NewPasswordForm } from '../../../components/new-password-form.tsx';
import { fieldErrorsOf } from '../../../lib/api-errors.ts';
import { useChangePassword } from '../api/user-mutations.ts';

export interface ChangePasswordModalProps {
  opened: boolean;
  onClose: () => void;
  /** The own account: spec §6 allows the profile to change no other password. */
  userId: number;
}

/** Change Password on the own profile: new password and confirmation with the §5 checklist. */
export function ChangePasswordModal({ opened, onClose, userId }: ChangePasswordModalProps) {
  const { t } = useTranslation('users');
  const change = useChangePassword();
  const passwordError = fieldErrorsOf(change.error).password;

  const close = () => {
    change.reset();
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('password.title')}
      centered
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <NewPasswordForm
        submitLabel={t('password.submit')}
        loading={change.isPending}
        error={passwordError}
        onSubmit={(password) => change.mutate({ id: userId, password }, { onSuccess: close })}
        secondaryAction={
          <Button variant="default" onClick={close} disabled={change.isPending}>
            {t('actions.cancel')}
          </Button>
        }
      />
    </Modal>
  );
}
