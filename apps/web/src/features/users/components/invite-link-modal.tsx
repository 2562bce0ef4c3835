import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  CopyButton,
  Group,
  Modal,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface InviteLinkModalProps {
  /** The invitation returned by POST /users in demo mode; null keeps the modal closed. */
  invite: { token: string; id: number } | null;
  onContinue: () => void;
}

/**
 * Demo mode only: the invitation email's Set New Password link, shown to the Admin so the new
 * account can be tried without a mailbox. Production never returns it.
 */
export function InviteLinkModal({ invite, onContinue }: InviteLinkModalProps) {
  const { t } = useTranslation('users');
  const link = invite
    ? `${window.location.origin}/login/reset-password?${new URLSearchParams({ token: invite.token, id: String(invite.id) })}`
    : '';

  return (
    <Modal
      opened={invite != null}
      onClose={onContinue}
      title={t('invite.title')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <Stack gap="md">
        <Text>{t('invite.sent')}</Text>
        <Alert
          color="yellow"
          variant="light"
          icon={<IconInfoCircle aria-hidden />}
          title={t('invite.demoOnlyTitle')}
        >
          {t('invite.demoOnly')}
        </Alert>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Anchor href={link} aria-label={t('invite.linkLabel')} style={{ wordBreak: 'break-all' }} size="sm">
            {link}
          </Anchor>
          <CopyButton value={link}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('invite.copied') : t('invite.copy')} withArrow>
                <ActionIcon
                  variant="subtle"
                  color={copied ? 'teal' : 'gray'}
                  onClick={copy}
                  aria-label={t('invite.copy')}
                >
                  {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <Group justify="flex-end">
          <Button onClick={onContinue} data-autofocus>
            {t('invite.continue')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
