import { CATALOGUE_LIMITS } from '@cairn/shared/catalogue.schemas';
import { Checkbox, Stack, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CountedTextarea } from '../../../components/counted-textarea.tsx';
import { FormActions } from '../../../components/form-actions.tsx';
import { FormSelect } from '../../../components/form-select.tsx';
import { LeaveConfirm } from '../../../components/leave-confirm.tsx';
import { nameIn } from '../../../lib/catalogue-names.ts';
import { useChoiceOptions } from '../../../lib/choice-options.ts';
import { schemaValidator } from '../../../lib/schema-validator.ts';
import { useSaveForm } from '../../../lib/use-save-form.ts';
import { useReportingTypes } from '../api/mapping-queries.ts';
import { mappingFieldErrorsOf } from '../api/mapping-errors.ts';
import { BODY_SCHEMAS, type MappingFormValues } from './mapping-form-model.ts';
import { KIND_FIELDS, reportingTypesOf, type MappingKind } from './mapping-kinds.ts';

const VALIDATORS = {
  barriers: schemaValidator<MappingFormValues>(BODY_SCHEMAS.barriers),
  supports: schemaValidator<MappingFormValues>(BODY_SCHEMAS.supports),
  trainings: schemaValidator<MappingFormValues>(BODY_SCHEMAS.trainings),
};

export interface MappingFormProps {
  kind: MappingKind;
  /** The item edited; none for a new one. */
  id?: number;
  initialValues: MappingFormValues;
  /** The list's 'Other' item: its name cannot change. */
  isOther?: boolean;
  /** Sends the answers; a rejection puts the server's field messages on the form. */
  onSubmit: (values: MappingFormValues) => Promise<unknown>;
  /** Once the save succeeded and the form is no longer dirty. */
  onSaved: () => void;
  onCancel: () => void;
}

/**
 * A barrier's, support's or training's form (spec §2 Mappings item page, §5 mapping items): name,
 * the category of a barrier or support, the reporting type (required for supports and trainings),
 * a training's certificate, and the description with its counter to 350.
 */
export function MappingForm({
  kind,
  id,
  initialValues,
  isOther = false,
  onSubmit,
  onSaved,
  onCancel,
}: MappingFormProps) {
  const { t, i18n } = useTranslation('mappings');
  const fields = KIND_FIELDS[kind];
  const { form, submit } = useSaveForm<MappingFormValues>({
    initialValues,
    draft: { form: `mapping-${kind}`, ...(id !== undefined && { record: id }) },
    validate: VALIDATORS[kind],
    errorsOf: mappingFieldErrorsOf,
    save: onSubmit,
    onSaved: () => onSaved(),
  });
  const categories = useChoiceOptions('mappings', 'categories', fields.categories ?? []);
  const reportingTypes = useReportingTypes();
  const typeOptions = useMemo(
    () =>
      reportingTypesOf(kind, reportingTypes.data ?? []).map((type) => ({
        value: type.reporting_type_id,
        label: nameIn({ name: type.type, name_fr: type.name_fr }, i18n.resolvedLanguage),
      })),
    [kind, reportingTypes.data, i18n.resolvedLanguage],
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('fields.name')}
          withAsterisk
          maxLength={CATALOGUE_LIMITS.nameMax}
          readOnly={isOther}
          description={isOther ? t('form.otherName') : undefined}
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t('fields.nameFr')}
          lang="fr-CA"
          maxLength={CATALOGUE_LIMITS.nameMax}
          description={t('form.french')}
          {...form.getInputProps('name_fr')}
        />
        {fields.categories && (
          <FormSelect
            label={t('fields.category')}
            placeholder={t('form.chooseCategory')}
            withAsterisk
            options={categories}
            {...form.getInputProps('category')}
          />
        )}
        <FormSelect<number>
          label={t('fields.reportingType')}
          placeholder={t('form.chooseReportingType')}
          withAsterisk={fields.reportingTypeRequired}
          options={typeOptions}
          disabled={!reportingTypes.data}
          {...form.getInputProps('reporting_type')}
        />
        {fields.certificate && (
          <Checkbox
            label={t('fields.certificate')}
            description={t('form.certificate')}
            {...form.getInputProps('certificate', { type: 'checkbox' })}
          />
        )}
        <CountedTextarea
          label={t('fields.description')}
          maxLength={CATALOGUE_LIMITS.descriptionMax}
          minRows={3}
          {...form.getInputProps('description')}
        />
        <CountedTextarea
          label={t('fields.descriptionFr')}
          lang="fr-CA"
          maxLength={CATALOGUE_LIMITS.descriptionMax}
          minRows={3}
          {...form.getInputProps('description_fr')}
        />
        <FormActions submitting={form.submitting} onCancel={onCancel} />
      </Stack>
      <LeaveConfirm when={form.isDirty()} />
    </form>
  );
}
