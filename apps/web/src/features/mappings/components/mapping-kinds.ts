import {
  BARRIER_CATEGORIES,
  CATALOGUE_LIMITS,
  SUPPORT_CATEGORIES,
  type Barrier,
  type ReportingCategory,
  type ReportingType,
  type Support,
  type Training,
} from '@cairn/shared/catalogue.schemas';
import { truncate } from '@cairn/shared/format';

/** The lists of spec §2 Mappings, in the order the home page shows them. */
export const MAPPING_KINDS = ['supports', 'trainings', 'barriers'] as const;
export type MappingKind = (typeof MAPPING_KINDS)[number];

/** Whether a route's `{category}` names a list (spec §2: supports, trainings or barriers). */
export function isMappingKind(value: string | undefined): value is MappingKind {
  return MAPPING_KINDS.some((kind) => kind === value);
}

/** What a kind's screens show and ask for (spec §2 Mappings, §3, §5 mapping items). */
export interface KindFields {
  /** The categories to choose from; null for trainings, whose category is always '-'. */
  categories: readonly string[] | null;
  /** Whether the reporting type (the mapping) must be given on every save. */
  reportingTypeRequired: boolean;
  /** Trainings only: whether passing it gives a certificate. */
  certificate: boolean;
  /** The reporting types this kind may map to (GET /reporting/types, by their category). */
  reportingCategory: ReportingCategory;
}

export const KIND_FIELDS: Record<MappingKind, KindFields> = {
  barriers: {
    categories: BARRIER_CATEGORIES,
    reportingTypeRequired: false,
    certificate: false,
    reportingCategory: 'Barrier',
  },
  supports: {
    categories: SUPPORT_CATEGORIES,
    reportingTypeRequired: true,
    certificate: false,
    reportingCategory: 'Support',
  },
  trainings: {
    categories: null,
    reportingTypeRequired: true,
    certificate: true,
    reportingCategory: 'Training',
  },
};

/** A barrier, support or training as the Mappings screens show it, whatever its kind. */
export interface MappingItem {
  kind: MappingKind;
  id: number;
  name: string;
  /** The French name and description (issue 34); null until translated. */
  nameFr: string | null;
  descriptionFr: string | null;
  /** Null for a training (its category is always '-'). */
  category: string | null;
  description: string | null;
  reportingType: number | null;
  reportingTypeName: string | null;
  reportingTypeNameFr: string | null;
  /** Trainings only; null for the other kinds. */
  certificate: boolean | null;
  disabled: boolean;
  /** The list's 'Other' item: it cannot be disabled and its name cannot change. */
  isOther: boolean;
}

const mapping = (item: Barrier | Support | Training) => ({
  name: item.name,
  nameFr: item.name_fr,
  description: item.description,
  descriptionFr: item.description_fr,
  reportingType: item.reporting_type,
  reportingTypeName: item.reporting_type_name,
  reportingTypeNameFr: item.reporting_type_name_fr,
  disabled: item.disabled,
  isOther: item.is_other,
});

export const barrierItem = (barrier: Barrier): MappingItem => ({
  kind: 'barriers',
  id: barrier.barrier_id,
  category: barrier.category,
  certificate: null,
  ...mapping(barrier),
});

export const supportItem = (support: Support): MappingItem => ({
  kind: 'supports',
  id: support.support_id,
  category: support.category,
  certificate: null,
  ...mapping(support),
});

export const trainingItem = (training: Training): MappingItem => ({
  kind: 'trainings',
  id: training.training_id,
  category: null,
  certificate: training.certificate,
  ...mapping(training),
});

/** One answer of an item's view page. */
export type ViewField =
  'name' | 'nameFr' | 'category' | 'reportingType' | 'certificate' | 'description' | 'descriptionFr';

/**
 * The answers an item's page shows (spec §2 Mappings): its name, the category of a barrier or
 * a support, the reporting type of a support or a training (of a barrier only when it has one),
 * whether a training gives a certificate, and the description.
 */
export function viewFieldsOf(item: MappingItem): ViewField[] {
  const fields = KIND_FIELDS[item.kind];
  return [
    'name',
    'nameFr',
    ...(fields.categories ? (['category'] as const) : []),
    ...(fields.reportingTypeRequired || item.reportingType !== null ? (['reportingType'] as const) : []),
    ...(fields.certificate ? (['certificate'] as const) : []),
    'description',
    'descriptionFr',
  ];
}

/** Spec §9: a list shows a description cut at 50 characters; nothing for none. */
export function descriptionPreview(description: string | null): string {
  return truncate(description ?? '', CATALOGUE_LIMITS.descriptionTruncate);
}

/**
 * Whether an item answers a list's search: every word of the term, in any order and letter case,
 * within its name, category, reporting type or description.
 */
export function matchesSearch(item: MappingItem, term: string): boolean {
  const words = term.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = [
    item.name,
    item.nameFr,
    item.category,
    item.reportingTypeName,
    item.reportingTypeNameFr,
    item.description,
    item.descriptionFr,
  ]
    .filter(Boolean)
    .join(' ')
    .toLocaleLowerCase();
  return words.every((word) => text.includes(word));
}

/** An item's name and description in the screen's language (the English where there is no French). */
export const itemNamed = (item: MappingItem) => ({ name: item.name, name_fr: item.nameFr });
export const itemDescribed = (item: MappingItem) => ({
  description: item.description,
  description_fr: item.descriptionFr,
});
export const reportingTypeNamed = (item: MappingItem) =>
  item.reportingTypeName === null
    ? null
    : { name: item.reportingTypeName, name_fr: item.reportingTypeNameFr };

/** The reporting types a kind's items may map to, in the server's order. */
export function reportingTypesOf(kind: MappingKind, types: readonly ReportingType[]): ReportingType[] {
  const category = KIND_FIELDS[kind].reportingCategory;
  return types.filter((type) => type.category === category);
}
