import { documentAddress } from '@cairn/shared/documents';
import { localeOf } from '@cairn/shared/format';
import { Button, Checkbox, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../../lib/language.ts';
import type { ClientForm } from '../fields/field-props.ts';

/**
 * Intake step 4 (spec §2, §5): the collection notice, in the user's language
 * (/documents/collection_notice.pdf, /documents/fr/collection_notice.pdf), and the required
 * consent box.
 */
export function ConsentStep({ form }: { form: ClientForm }) {
  const { t } = useTranslation('clients');
  const language = currentLanguage();
  return (
    <Stack gap="lg" align="flex-start">
      <Text>{t('intake.consent.notice')}</Text>
      <Button
        component="a"
        href={documentAddress('collection_notice.pdf', language)}
        hrefLang={localeOf(language)}
        target="_blank"
        rel="noopener"
        variant="light"
        leftSection={<IconFileTypePdf size={18} aria-hidden />}
      >
        {t('intake.consent.openNotice')}
        <VisuallyHidden> ({t('intake.consent.newWindow')})</VisuallyHidden>
      </Button>
      <Checkbox
        label={
          <>
            {t('fields.consent')}{' '}
            <Text span c="red.7" aria-hidden>
              *
            </Text>
          </>
        }
        required
        {...form.getInputProps('consent', { type: 'checkbox' })}
      />
    </Stack>
  );
}
