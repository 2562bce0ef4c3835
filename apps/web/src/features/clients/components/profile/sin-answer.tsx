import type { Client } from '@cairn/shared/clients.schemas';
import { Button, Group, Text } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevealSin } from '../../api/client-profile-mutations.ts';

/** 123456789 → 123 456 789, as printed on the card. */
const grouped = (sin: string) => sin.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3');

/**
 * The SIN in view mode: masked to its last three digits until the user asks to reveal it. The
 * number lives only in this component's state, so hiding it or leaving the page forgets it.
 */
export function SinAnswer({ client }: { client: Client }) {
  const { t } = useTranslation('clients');
  const reveal = useRevealSin(client.client_id);
  const [sin, setSin] = useState<string | null>(null);

  if (!client.has_sin) {
    return (
      <Text span c="dimmed">
        {t('common:profile.notGiven')}
      </Text>
    );
  }

  const show = () =>
    reveal.mutate(undefined, {
      onSuccess: (answer) => {
        setSin(answer.sin);
        reveal.reset();
      },
    });

  return (
    <Group gap="sm" wrap="wrap">
      <Text span ff="monospace" aria-live="polite">
        {sin ? grouped(sin) : client.sin_masked}
      </Text>
      {sin ? (
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconEyeOff size={14} aria-hidden />}
          onClick={() => setSin(null)}
        >
          {t('profile.sin.hide')}
        </Button>
      ) : (
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconEye size={14} aria-hidden />}
          onClick={show}
          loading={reveal.isPending}
        >
          {t('profile.sin.reveal')}
        </Button>
      )}
    </Group>
  );
}
