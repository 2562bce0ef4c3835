import { dedupePlanItems } from '@cairn/shared/plan-rules';
import { badRequest, type FieldMessages } from '../../lib/http-error.ts';
import type { Executor } from '../../db/database.ts';
import {
  findCatalogueEntries,
  type CatalogueEntry,
  type CatalogueKind,
  type PlanItemValues,
} from './plan-links.repository.ts';

export type { CatalogueKind };

/** How the entries of one list are checked against the catalogue. */
export interface CatalogueCheck {
  /** The catalogue items the list names, by id (see findCatalogueEntries). */
  catalogue: ReadonlyMap<number, CatalogueEntry>;
  /** Items already on the plan: one disabled since then may stay, but is not offered anew. */
  onPlan: ReadonlySet<number>;
}

/**
 * The check of entries new to every plan they reach (a group's bulk action): a disabled catalogue
 * item is not offered anew, whatever a plan holds.
 */
export async function newEntriesCheck(
  db: Executor,
  kind: CatalogueKind,
  ids: number[],
): Promise<CatalogueCheck> {
  return { catalogue: await findCatalogueEntries(db, kind, ids), onPlan: new Set() };
}

/** A checked entry: its catalogue item, and its own name only when the item is 'Other'. */
export interface CheckedEntry {
  entry: CatalogueEntry;
  otherName: string | null;
}

/**
 * Checks one entry of a plan list, adding what is wrong to `fields` under the entry's field names
 * in `path` (e.g. `barriers.0.barrier_id`): an unknown item, or a disabled one not already on the plan, cannot be chosen,
 * and 'Other' needs the client's own name for it (spec §5). Any other item drops such a name.
 */
export function checkEntry(
  check: CatalogueCheck,
  entry: { id: number; other_name: string | null },
  path: { id: string; otherName: string },
  fields: FieldMessages,
): CheckedEntry | undefined {
  const item = check.catalogue.get(entry.id);
  if (!item || (item.disabled && !check.onPlan.has(entry.id))) {
    fields[path.id] = { code: 'choice' };
    return undefined;
  }
  if (!item.isOther) return { entry: item, otherName: null };
  if (!entry.other_name) {
    fields[path.otherName] = { code: 'required' };
    return undefined;
  }
  return { entry: item, otherName: entry.other_name };
}

/**
 * A plan's barriers or supports as they will be stored: checked (400 naming every wrong entry as
 * `<prefix><index>.<idField>` or `.other_name`), then without repeats (spec §9: 'Other' once per
 * name, any other item once), in the caller's order.
 */
export function checkPlanItems(
  check: CatalogueCheck,
  input: readonly PlanItemValues[],
  names: { prefix: string; idField: string },
): PlanItemValues[] {
  const fields: FieldMessages = {};
  const checked = input.map((item, i) => {
    const at = `${names.prefix}${i}`;
    const ok = checkEntry(
      check,
      item,
      { id: `${at}.${names.idField}`, otherName: `${at}.other_name` },
      fields,
    );
    return ok && { id: item.id, is_other: ok.entry.isOther, other_name: ok.otherName };
  });
  if (Object.keys(fields).length > 0) throw badRequest(fields);
  return dedupePlanItems(
    checked.filter((c) => c !== undefined),
    (c) => c,
  ).map(({ id, other_name }) => ({ id, other_name }));
}
