import { barrierBodySchema, supportBodySchema, trainingBodySchema } from '@cairn/shared/catalogue.schemas';
import { KIND_FIELDS, type MappingItem, type MappingKind } from './mapping-kinds.ts';

/** The item form's answers: '' for an unanswered text or choice, null for no reporting type. */
export interface MappingFormValues {
  name: string;
  /** In French (issue 34): '' for none yet. */
  name_fr: string;
  /** Barriers and supports; unused for trainings. */
  category: string;
  reporting_type: number | null;
  /** Trainings; unused for the other kinds. */
  certificate: boolean;
  description: string;
  description_fr: string;
}

/** The empty form of /mapping/{category}/new. */
export const emptyMappingForm: MappingFormValues = {
  name: '',
  name_fr: '',
  category: '',
  reporting_type: null,
  certificate: false,
  description: '',
  description_fr: '',
};

export function mappingFormValuesOf(item: MappingItem): MappingFormValues {
  return {
    name: item.name,
    name_fr: item.nameFr ?? '',
    category: item.category ?? '',
    reporting_type: item.reportingType,
    certificate: item.certificate ?? false,
    description: item.description ?? '',
    description_fr: item.descriptionFr ?? '',
  };
}

/**
 * The fields a kind's save sends (spec §7: name, description, category, disabled, reporting_type,
 * trainings also certificate), before the kind's shared schema checks and trims them. Disable and
 * restore send the item's own answers with `disabled` changed (spec §4).
 */
export function saveFieldsOf(kind: MappingKind, values: MappingFormValues, disabled: boolean) {
  const fields = KIND_FIELDS[kind];
  return {
    name: values.name,
    name_fr: values.name_fr,
    description: values.description,
    description_fr: values.description_fr,
    disabled,
    ...(fields.categories && { category: values.category }),
    reporting_type: values.reporting_type,
    ...(fields.certificate && { certificate: values.certificate }),
  };
}

/** The shared body schema each kind's form is checked with, as the server checks its save. */
export const BODY_SCHEMAS = {
  barriers: barrierBodySchema,
  supports: supportBodySchema,
  trainings: trainingBodySchema,
} as const satisfies Record<MappingKind, unknown>;
