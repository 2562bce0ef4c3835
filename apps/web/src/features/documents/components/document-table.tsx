import { documentAddress, type DocumentFile } from '@cairn/shared/documents';
import { localeOf, truncate } from '@cairn/shared/format';
import { LIMITS } from '@cairn/shared/limits';
import { Anchor, Group, Stack, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';
import { currentLanguage, otherLanguage } from '../../../lib/language.ts';

/** A form of the Documents page: its catalogue key (name and description) and its built file. */
export interface DocumentEntry {
  key: string;
  file: DocumentFile;
}

/** Spec §9: the description cut at 100 characters, with a button that shows it whole. */
function Description({ name, text }: { name: string; text: string }) {
  const { t } = useTranslation('documents');
  const [whole, toggle] = useDisclosure(false);
  const short = truncate(text, LIMITS.documentDescriptionTruncate);
  if (short === text) return <Text>{text}</Text>;
  return (
    <Text>
      {whole ? text : short}{' '}
      <UnstyledButton
        onClick={toggle.toggle}
        aria-expanded={whole}
        aria-label={t(whole ? 'less' : 'more', { name })}
        c="var(--mantine-primary-color-filled)"
        td="underline"
        fz="sm"
      >
        {t(whole ? 'lessShort' : 'moreShort')}
      </UnstyledButton>
    </Text>
  );
}

/**
 * Spec §2 Documents: Name, Description and the PDF link of each form; a card per form on phones.
 * The link opens the form in the reader's language; below it, the form in the other language
 * (issue 34), named in that language like the language switch (`lang`), with `hreflang`.
 */
export function DocumentTable({ documents }: { documents: readonly DocumentEntry[] }) {
  const { t } = useTranslation('documents');
  const language = currentLanguage();
  const other = otherLanguage();
  return (
    <ResponsiveTable minWidth={560}>
      <Table verticalSpacing="md" fz="md" aria-label={t('tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.name')}</Table.Th>
            <Table.Th>{t('columns.description')}</Table.Th>
            <Table.Th>{t('columns.file')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {documents.map(({ key, file }) => {
            const name = t(`forms.${key}.name`);
            return (
              <Table.Tr key={key}>
                <Table.Td>
                  <Text fw={600}>{name}</Text>
                </Table.Td>
                <Table.Td data-label={t('columns.description')}>
                  <Description name={name} text={t(`forms.${key}.description`)} />
                </Table.Td>
                <Table.Td data-label={t('columns.file')}>
                  <Stack gap={6} align="flex-start">
                    <Anchor
                      href={documentAddress(file, language)}
                      hrefLang={localeOf(language)}
                      target="_blank"
                      rel="noopener"
                    >
                      <Group gap={6} wrap="nowrap">
                        <IconFileTypePdf size={20} aria-hidden />
                        <span>{t('download', { name })}</span>
                        <VisuallyHidden>{t('newWindow')}</VisuallyHidden>
                      </Group>
                    </Anchor>
                    <Anchor
                      href={documentAddress(file, other)}
                      hrefLang={localeOf(other)}
                      target="_blank"
                      rel="noopener"
                      fz="sm"
                    >
                      <span lang={localeOf(other)}>{t(`versions.${other}`)}</span>{' '}
                      <VisuallyHidden>
                        {t(`otherVersion.${other}`, { name })} {t('newWindow')}
                      </VisuallyHidden>
                    </Anchor>
                  </Stack>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ResponsiveTable>
  );
}
