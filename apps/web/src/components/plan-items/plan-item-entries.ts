import type { Barrier, Support, Training } from '@cairn/shared/catalogue.schemas';
import { dedupePlanItems } from '@cairn/shared/plan-rules';
import { descriptionIn, nameIn } from '../../lib/catalogue-names.ts';
import {
  type PlanBarrier,
  type PlanBarrierInput,
  type PlanSupport,
  type PlanSupportInput,
  type PlanTraining,
  type PlanTrainingInput,
} from '@cairn/shared/plans.schemas';

/** The plan's barriers or supports: the two kinds that share one editor. */
export type ItemKind = 'barriers' | 'supports';

/** A barrier or support on the plan while it is being edited. */
export interface PlanItemEntry {
  /** Stable for the list while it is edited; an 'Other' may be on the plan under several names. */
  key: string;
  /** The catalogue item. */
  id: number;
  name: string;
  description: string | null;
  category: string | null;
  /** Taken out of the catalogue since it was put on the plan: it stays, but is not offered again. */
  disabled: boolean;
  /** The list's 'Other' item (is_other), whatever it is called: the plan gives it a name. */
  is_other: boolean;
  /** The client's own name for an 'Other' item; null for every other item. */
  other_name: string | null;
}

/** A training on the plan: which one, when, and the NOC code of the job it leads to. */
export interface TrainingEntry extends PlanItemEntry {
  /** The link's id once saved; undefined for one added since (spec §4: sent as new). */
  plan_training_id?: number;
  date: string;
  noc: string | null;
}

let lastKey = 0;
/** A key no other entry has, for items put on the plan during this edit. */
export const newEntryKey = () => `new-${++lastKey}`;

/** A barrier's or support's catalogue id. */
export const catalogueIdOf = (item: Barrier | Support) =>
  'barrier_id' in item ? item.barrier_id : item.support_id;

/** A catalogue item as it goes on the plan; `otherName` only counts for 'Other'. */
export function entryOf(item: Barrier | Support, otherName: string | null = null): PlanItemEntry {
  return {
    key: newEntryKey(),
    id: catalogueIdOf(item),
    name: nameIn(item),
    description: descriptionIn(item),
    category: item.category,
    disabled: item.disabled,
    is_other: item.is_other,
    other_name: item.is_other ? (otherName?.trim() ?? null) : null,
  };
}

/** The plan's stored barriers or supports, in the plan's order. */
export function entriesFrom(links: ReadonlyArray<PlanBarrier | PlanSupport>): PlanItemEntry[] {
  return links.map((link, index) => {
    const id = 'barrier_id' in link ? link.barrier_id : link.support_id;
    return {
      key: `saved-${index}-${id}`,
      id,
      name: nameIn(link),
      description: descriptionIn(link),
      category: link.category,
      disabled: link.disabled,
      is_other: link.is_other,
      other_name: link.other_name,
    };
  });
}

const dedupeKey = (entry: PlanItemEntry) => ({
  id: entry.id,
  is_other: entry.is_other,
  other_name: entry.other_name,
});

/**
 * The list with `entry` put at `index` (the end when left out). Spec §9: an 'Other' may be on
 * the plan once per name; any other item only once, so a second copy is dropped.
 */
export function insertEntry<T extends PlanItemEntry>(entries: readonly T[], entry: T, index?: number): T[] {
  const at = index == null ? entries.length : Math.max(0, Math.min(index, entries.length));
  // The items already on the plan win: the new one goes only where it adds something.
  const kept = dedupePlanItems([...entries, entry], dedupeKey);
  if (kept.length === entries.length) return [...entries];
  return [...entries.slice(0, at), entry, ...entries.slice(at)];
}

/** The list with the item at `from` moved to `to`. */
export function moveEntry<T>(entries: readonly T[], from: number, to: number): T[] {
  const next = [...entries];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return next;
  next.splice(to, 0, moved);
  return next;
}

/** Whether an 'Other' of this kind already carries this name on the plan (names compare as a reader would). */
export function hasOtherNamed(entries: readonly PlanItemEntry[], id: number, name: string): boolean {
  const wanted = name.trim().toLowerCase();
  return entries.some((entry) => entry.id === id && (entry.other_name ?? '').trim().toLowerCase() === wanted);
}

/**
 * The catalogue items still worth offering: an item already on the plan is not offered twice,
 * except 'Other', which takes a new name each time (and trainings, which repeat on new dates).
 */
export function offeredItems<T extends Barrier | Support>(
  catalogue: readonly T[],
  entries: readonly PlanItemEntry[],
): T[] {
  const chosen = new Set(entries.map((entry) => entry.id));
  return catalogue.filter((item) => item.is_other || !chosen.has(catalogueIdOf(item)));
}

/** PUT /plans/{id}/barriers, and the barriers of POST /plans. */
export function barrierBody(entries: readonly PlanItemEntry[]): PlanBarrierInput[] {
  return entries.map((entry) => ({ barrier_id: entry.id, other_name: entry.other_name }));
}

/** PUT /plans/{id}/supports. */
export function supportBody(entries: readonly PlanItemEntry[]): PlanSupportInput[] {
  return entries.map((entry) => ({ support_id: entry.id, other_name: entry.other_name }));
}

/** A catalogue training as it goes on the plan, with the answers of the training dialog. */
export function trainingEntryOf(
  item: Training,
  answers: { date: string; noc: string | null; other_name: string | null },
): TrainingEntry {
  return {
    key: newEntryKey(),
    id: item.training_id,
    name: nameIn(item),
    description: descriptionIn(item),
    category: null,
    disabled: item.disabled,
    is_other: item.is_other,
    other_name: item.is_other ? answers.other_name : null,
    date: answers.date,
    noc: answers.noc,
  };
}

export function trainingEntriesFrom(links: readonly PlanTraining[]): TrainingEntry[] {
  return links.map((link) => ({
    key: `saved-${link.plan_training_id}`,
    id: link.training_id,
    name: nameIn(link),
    description: descriptionIn(link),
    category: null,
    disabled: link.disabled,
    is_other: link.is_other,
    other_name: link.other_name,
    plan_training_id: link.plan_training_id,
    date: link.date,
    noc: link.noc,
  }));
}

/**
 * The plan's trainings in the order the plan shows them: by date, then as they were added; the
 * training 'Other' always last (spec §9).
 */
export function sortTrainings(entries: readonly TrainingEntry[]): TrainingEntry[] {
  const order = new Map(entries.map((entry, index) => [entry.key, index]));
  const saved = (e: TrainingEntry) => e.plan_training_id ?? Number.MAX_SAFE_INTEGER;
  return [...entries].sort(
    (a, b) =>
      Number(a.is_other) - Number(b.is_other) ||
      a.date.localeCompare(b.date) ||
      saved(a) - saved(b) ||
      order.get(a.key)! - order.get(b.key)!,
  );
}

/** PUT /plans/{id}/trainings: the whole list; links already saved keep their id. */
export function trainingBody(entries: readonly TrainingEntry[]): PlanTrainingInput[] {
  return entries.map((entry) => ({
    ...(entry.plan_training_id != null ? { plan_training_id: entry.plan_training_id } : {}),
    training_id: entry.id,
    date: entry.date,
    noc: entry.noc,
    other_name: entry.other_name,
  }));
}
