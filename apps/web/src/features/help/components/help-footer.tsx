import { Anchor, Divider, Text } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { useSupportEmail } from '../../../lib/support-contact.ts';

/** Spec §2 Help: the footer telling users to email support, at the server's SUPPORT_EMAIL. */
export function HelpFooter() {
  const { t } = useTranslation('help');
  const email = useSupportEmail();
  return (
    <footer>
      <Divider my="xl" />
      {email && (
        <Text c="dimmed" data-testid="help-footer">
          <Trans
            t={t}
            i18nKey="footer"
            values={{ email }}
            components={{
              mail: <Anchor href={`mailto:${email}`} underline="always" data-testid="help-support-link" />,
            }}
          />
        </Text>
      )}
    </footer>
  );
}
