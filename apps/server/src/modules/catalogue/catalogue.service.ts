import type { AuditCarrier } from '../audit/audit.policy.ts';
import type {
  Barrier,
  barrierBodySchema,
  ReportingType,
  ReportingCategory,
  Support,
  supportBodySchema,
  Training,
  trainingBodySchema,
} from '@cairn/shared/catalogue.schemas';
import type { ErrorCode } from '@cairn/shared/errors';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/database.ts';
import { answerConstraints } from '../../lib/constraint-answers.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error.ts';
import * as repo from './catalogue.repository.ts';
import type { CatalogueFilter, CatalogueKind } from './catalogue.repository.ts';
import { auditedTransaction } from '../audit/audit-transaction.service.ts';

export type { CatalogueKind };

interface KindReads<T> {
  list: (db: Executor, filter: CatalogueFilter) => Promise<T[]>;
  find: (db: Executor, id: number) => Promise<T | undefined>;
}

const READS: { barriers: KindReads<Barrier>; supports: KindReads<Support>; trainings: KindReads<Training> } =
  {
    barriers: { list: repo.listBarriers, find: repo.findBarrier },
    supports: { list: repo.listSupports, find: repo.findSupport },
    trainings: { list: repo.listTrainings, find: repo.findTraining },
  };

type ItemOf<K extends CatalogueKind> = (typeof READS)[K] extends KindReads<infer T> ? T : never;
/** A kind's list; for a union of kinds, a union of lists (one kind's items each). */
type ListOf<K extends CatalogueKind> = K extends CatalogueKind ? Array<ItemOf<K>> : never;

/**
 * Active items are the ones offered for new plan entries; disabled ones stay on the plans that
 * already use them and are listed apart, for the mapping screens.
 */
export function listItems<K extends CatalogueKind>(
  db: Db,
  kind: K,
  filter: CatalogueFilter,
): Promise<ListOf<K>> {
  return (READS[kind] as KindReads<ItemOf<K>>).list(db, filter) as Promise<ListOf<K>>;
}

/** One item, active or disabled (a plan may still show a disabled one); 404 when there is none. */
export async function getItem<K extends CatalogueKind>(db: Db, kind: K, id: number): Promise<ItemOf<K>> {
  const item = await (READS[kind] as KindReads<ItemOf<K>>).find(db, id);
  if (!item) throw notFound();
  return item;
}

export function listReportingTypes(db: Db): Promise<ReportingType[]> {
  return repo.listReportingTypes(db);
}

/** What a save of each kind takes. */
interface Bodies {
  barriers: z.output<typeof barrierBodySchema>;
  supports: z.output<typeof supportBodySchema>;
  trainings: z.output<typeof trainingBodySchema>;
}

/** Each kind's reporting category and the refusal of a disable without a mapping (spec §8). */
const RULES: Record<CatalogueKind, { reporting: ReportingCategory; missingMapping: ErrorCode }> = {
  barriers: { reporting: 'Barrier', missingMapping: 'barrier_missing_mapping' },
  supports: { reporting: 'Support', missingMapping: 'support_missing_mapping' },
  trainings: { reporting: 'Training', missingMapping: 'training_missing_mapping' },
};

/** POST /{kind}: a new item (Admins). */
export function createItem<K extends CatalogueKind>(
  db: Db,
  kind: K,
  body: Bodies[K],
  audit: AuditCarrier,
): Promise<ItemOf<K>> {
  return save(db, kind, undefined, body, audit);
}

/**
 * PUT /{kind}/{id}: the item's fields; `disabled` true disables it, false restores it (spec §4).
 * A rename shows on every plan that has the item, which refers to it by id.
 */
export function updateItem<K extends CatalogueKind>(
  db: Db,
  kind: K,
  id: number,
  body: Bodies[K],
  audit: AuditCarrier,
): Promise<ItemOf<K>> {
  return save(db, kind, id, body, audit);
}

/** The version of a kind's lists, their ETag: every save changes it. */
export function listVersion(db: Db, kind: CatalogueKind): Promise<string> {
  return repo.catalogueVersion(db, kind);
}

/** Saves an item; the audit entry names an update's changed fields (audit-changes.service.ts). */
async function save<K extends CatalogueKind>(
  db: Db,
  kind: K,
  id: number | undefined,
  body: Bodies[K],
  audit: AuditCarrier,
): Promise<ItemOf<K>> {
  const values: repo.ItemValues = {
    name: body.name,
    description: body.description,
    nameFr: body.name_fr,
    descriptionFr: body.description_fr,
    disabled: body.disabled,
    reportingType: body.reporting_type,
    ...('category' in body ? { category: body.category } : {}),
    ...('certificate' in body ? { certificate: body.certificate } : {}),
  };
  return answerConstraints(
    () =>
      auditedTransaction(db, audit, async (tx) => {
        const stored = id === undefined ? undefined : await repo.lockItem(tx, kind, id);
        if (id !== undefined && !stored) throw notFound();
        await checkSave(tx, kind, stored, values);
        const reads = READS[kind] as KindReads<ItemOf<K>>;
        const itemId = id ?? (await repo.insertItem(tx, kind, values));
        if (id !== undefined) await repo.updateItem(tx, kind, id, values);
        const item = (await reads.find(tx, itemId))!;
        return item;
      }),
    Object.fromEntries(
      repo.ACTIVE_NAME_INDEXES.map((index) => [index, () => conflict('catalogue_name_taken')]),
    ),
  );
}

/**
 * The rules of a save beyond the body's own: the 'Other' item stays (never disabled, never
 * renamed); the reporting type is one of the kind's; an item is not disabled without one.
 */
async function checkSave(
  db: Executor,
  kind: CatalogueKind,
  stored: repo.StoredItem | undefined,
  values: repo.ItemValues,
): Promise<void> {
  if (stored?.isOther && (values.disabled || values.name !== stored.name)) {
    throw new HttpError(400, 'catalogue_other_protected');
  }
  const rules = RULES[kind];
  if (values.reportingType !== null) {
    const category = await repo.reportingTypeCategory(db, values.reportingType);
    if (category !== rules.reporting) throw badRequest({ reporting_type: { code: 'choice' } });
  }
  const disabling = values.disabled && !stored?.disabled;
  if (disabling && values.reportingType === null) throw new HttpError(400, rules.missingMapping);
}
