import { truncate } from '@cairn/shared/format';
import { GROUP_LIMITS } from '@cairn/shared/groups.schemas';

/** A group's description as the list shows it (spec §9). */
export interface ListDescription {
  /** What the cell shows: the description, or its first 57 characters and '...' when over 60. */
  shown: string;
  /** The whole description when it was cut, for its tooltip; null when shown whole. */
  full: string | null;
}

/** Spec §2 and §9: the list's description, or null for none (the list shows '-'). */
export function listDescription(description: string | null): ListDescription | null {
  const text = description?.trim() ?? '';
  if (text === '') return null;
  const shown = truncate(text, GROUP_LIMITS.descriptionListMax, GROUP_LIMITS.descriptionListKeep);
  return { shown, full: shown === text ? null : text };
}
