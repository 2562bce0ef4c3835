import { sql } from 'drizzle-orm';
import type { BarrierCategory } from '@cairn/shared/catalogue.schemas';
import { openPglite, selectRows } from '../database.ts';

export interface SeededBarrier {
  name: string;
  category: BarrierCategory;
  description: string | null;
  /** The French name and description (migration 0046); null where none was seeded. */
  name_fr: string | null;
  description_fr: string | null;
  is_other: boolean;
}

/**
 * The barriers a fresh database holds once migrated (the catalogue the migrations seed), in the
 * order the plan screens offer them: by category, the 'Other' item last. The printable plan form
 * is built from this list (scripts/build-documents.mjs), so it names the catalogue as shipped.
 */
export async function seededBarriers(): Promise<SeededBarrier[]> {
  const database = await openPglite();
  try {
    await database.migrate();
    return await selectRows<SeededBarrier>(
      database.db,
      sql`select name, category, description, name_fr, description_fr, is_other from barriers
          where not disabled order by category, is_other, name`,
    );
  } finally {
    await database.close();
  }
}
