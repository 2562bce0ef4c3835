import { helpCategoriesOf, type HelpCategory } from '@cairn/shared/help.schemas';
import { forbidden } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/auth.ts';

/**
 * The help centre's categories a caller reads (spec §6): those of their role's `help.*`
 * capabilities (`helpCategoriesOf`, which the web's help screens use too).
 */
export function readableHelpCategories(actor: Actor): readonly HelpCategory[] {
  return helpCategoriesOf(actor.roleId);
}

/** 403 for a category of another role's. */
export function requireHelpCategory(actor: Actor, category: HelpCategory): void {
  if (!readableHelpCategories(actor).includes(category)) throw forbidden();
}
