import { Container, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ContextHelpLink } from '../../../components/context-help-link.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { DocumentTable, type DocumentEntry } from '../components/document-table.tsx';

/**
 * The forms the build writes (scripts/build-documents.mjs) in every language, in the order spec §2
 * names them.
 */
const DOCUMENTS: readonly DocumentEntry[] = [
  { key: 'intake', file: 'intake_form.pdf' },
  { key: 'plan', file: 'plan_form.pdf' },
  { key: 'consent', file: 'consent_form.pdf' },
];

/** /documents (spec §2 Documents): the printable, fillable forms, for Admins and Coordinators. */
export function DocumentsPage() {
  const { t } = useTranslation('documents');
  const title = t('title');
  usePageTitle(title);
  return (
    <Container size="lg" py="lg">
      <Group gap="xs" mb="sm" wrap="nowrap">
        <Title order={1}>{title}</Title>
        <ContextHelpLink article="client-management/new-client-intake" />
      </Group>
      <Text c="dimmed" mb="lg" maw={720}>
        {t('intro')}
      </Text>
      <DocumentTable documents={DOCUMENTS} />
    </Container>
  );
}
