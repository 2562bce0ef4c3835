import {
  DUPLICATE_ACTIONS,
  IMPORT_FIELDS,
  type DuplicateAction,
  type ImportField,
  type ImportPreview,
} from '@cairn/shared/imports.schemas';
import { Button, Group, Radio, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadProgress } from '../../../../components/download-progress.tsx';
import { fieldText } from '../../../../lib/message-text.ts';
import { useDownload } from '../../../../lib/use-download.ts';
import { problemsCall } from '../../api/client-import-queries.ts';

const NOT_IMPORTED = '';

export interface ImportPreviewStepProps {
  preview: ImportPreview;
  onField: (column: number, field: ImportField | null) => void;
  updating: boolean;
  duplicates: DuplicateAction;
  onDuplicates: (action: DuplicateAction) => void;
  onCommit: () => void;
  committing: boolean;
  onStartOver: () => void;
}

/** The file's counts, its columns' fields (each changed with a select), its first problems, and the commit. */
export function ImportPreviewStep(props: ImportPreviewStepProps) {
  const { t } = useTranslation('imports');
  const { t: tc } = useTranslation('clients');
  const { preview } = props;
  const download = useDownload();
  const label = (field: string) => tc(`fields.${field}`, { defaultValue: field });
  const options = useMemo(
    () => [
      { value: NOT_IMPORTED, label: t('preview.notImported') },
      ...IMPORT_FIELDS.map((f) => ({ value: f, label: tc(`fields.${f}`, { defaultValue: f }) })),
    ],
    [t, tc],
  );
  const busy = props.updating || props.committing;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2} size="h3">
          {t('preview.heading')}
        </Title>
        <Text c="dimmed">{t('preview.file', { name: preview.file_name })}</Text>
      </Stack>

      <section aria-labelledby="import-counts">
        <Title order={3} size="h4" id="import-counts" mb="xs">
          {t('preview.counts')}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }} component="dl" m={0} aria-busy={props.updating}>
          {(['rows', 'valid', 'invalid', 'duplicates'] as const).map((key) => (
            <div key={key}>
              <Text component="dt" size="sm" c="dimmed">
                {t(`preview.${key}`)}
              </Text>
              <Text component="dd" m={0} fw={700} size="xl" data-testid={`import-count-${key}`}>
                {preview[key].toLocaleString()}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </section>

      <section aria-labelledby="import-columns">
        <Title order={3} size="h4" id="import-columns">
          {t('preview.columns')}
        </Title>
        <Text size="sm" c="dimmed" mb="xs">
          {t('preview.columnsHint')}
        </Text>
        {preview.unmatched.length > 0 && (
          <Text size="sm" mb="xs">
            {t('preview.unmatched', { count: preview.unmatched.length, names: preview.unmatched.join(', ') })}
          </Text>
        )}
        <Table.ScrollContainer minWidth={420}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('preview.header')}</Table.Th>
                <Table.Th>{t('preview.field')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.columns.map((c) => (
                <Table.Tr key={c.column}>
                  <Table.Td>{c.header}</Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={t('preview.fieldLabel', { header: c.header })}
                      data={options}
                      value={c.field ?? NOT_IMPORTED}
                      onChange={(v) => props.onField(c.column, v ? (v as ImportField) : null)}
                      allowDeselect={false}
                      disabled={busy}
                      searchable
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {props.updating && (
          <Text size="sm" c="dimmed" role="status">
            {t('preview.updating')}
          </Text>
        )}
      </section>

      <section aria-labelledby="import-problems">
        <Title order={3} size="h4" id="import-problems" mb="xs">
          {t('preview.problems')}
        </Title>
        {preview.problems.length === 0 ? (
          <Text>{t('preview.noProblems')}</Text>
        ) : (
          <Stack gap="xs">
            <Text size="sm">
              {t('preview.problemsShown', { shown: preview.problems.length, count: preview.invalid })}
            </Text>
            <Table.ScrollContainer minWidth={420}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('preview.row')}</Table.Th>
                    <Table.Th>{t('preview.field')}</Table.Th>
                    <Table.Th>{t('preview.problem')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.problems.map((p) => (
                    <Table.Tr key={`${p.row}-${p.field}`}>
                      <Table.Td>{p.row}</Table.Td>
                      <Table.Td>{label(p.field)}</Table.Td>
                      <Table.Td>
                        {fieldText({ code: p.code, ...(p.params ? { params: p.params } : {}) })}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group gap="sm">
              <Button
                variant="default"
                leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
                onClick={() => void download.start(problemsCall(preview.import_id), 'import-problems.xlsx')}
                loading={download.busy}
              >
                {t('preview.downloadProblems')}
              </Button>
              <DownloadProgress download={download} />
            </Group>
          </Stack>
        )}
      </section>

      {preview.duplicates > 0 && (
        <Radio.Group
          label={t('preview.duplicatesChoice')}
          value={props.duplicates}
          onChange={(v) => props.onDuplicates(v as DuplicateAction)}
        >
          <Stack gap="xs" mt={4}>
            {DUPLICATE_ACTIONS.map((action) => (
              <Radio key={action} value={action} label={t(`preview.${action}`)} disabled={busy} />
            ))}
          </Stack>
        </Radio.Group>
      )}

      <Group gap="sm">
        <Button
          onClick={props.onCommit}
          loading={props.committing}
          disabled={props.updating || preview.valid === 0}
        >
          {t('preview.commit')}
        </Button>
        <Button variant="default" onClick={props.onStartOver} disabled={props.committing}>
          {t('preview.startOver')}
        </Button>
        {props.committing && (
          <Text size="sm" c="dimmed" role="status">
            {t('preview.committing')}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
