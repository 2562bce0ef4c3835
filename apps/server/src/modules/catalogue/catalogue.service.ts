import type { Barrier, ReportingType, Support, Training } from '@cairn/shared/catalogue.schemas';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../lib/http-error.ts';
import * as repo from './catalogue.repository.ts';
import type { CatalogueFilter } from './catalogue.repository.ts';

/** The catalogue kinds, by the path segment that names them (spec §7). */
export type CatalogueKind = 'barriers' | 'supports' | 'trainings';

interface KindReads<T> {
  list: (db: Db, filter: CatalogueFilter) => Promise<T[]>;
  find: (db: Db, id: number) => Promise<T | undefined>;
}

const READS: { barriers: KindReads<Barrier>; supports: KindReads<Support>; trainings: KindReads<Training> } =
  {
    barriers: { list: repo.listBarriers, find: repo.findBarrier },
    supports: { list: repo.listSupports, find: repo.findSupport },
    trainings: { list: repo.listTrainings, find: repo.findTraining },
  };

type ItemOf<K extends CatalogueKind> = (typeof READS)[K] extends KindReads<infer T> ? T : never;

/**
 * Active items are the ones offered for new plan entries; disabled ones stay on the plans that
 * already use them and are listed apart, for the mapping screens.
 */
export function listItems<K extends CatalogueKind>(
  db: Db,
  kind: K,
  filter: CatalogueFilter,
): Promise<Array<ItemOf<K>>> {
  return (READS[kind] as KindReads<ItemOf<K>>).list(db, filter);
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
