import type { AppContext } from '../../app-context.ts';
import type { Executor } from '../../db/database.ts';
import type { Scope } from '../access/access.policy.ts';
import * as repo from './duplicates-recheck.repository.ts';
import type { MatchInput } from './duplicates.repository.ts';
import { matchInputOf, matchPeople, type MatchPerson } from './duplicates.service.ts';

/**
 * Matches made earlier (an import's preview), brought up to date without matching everyone again:
 * a client's score against a person depends on the two alone, so a best match found at `since`
 * still holds unless that client was written (or removed) since, or a client written since shares
 * a block with the person. Only those people are matched again, by matchPeople.
 */

export { matchingSince } from './duplicates-recheck.repository.ts';

/** The keys of the clients written since: what a block of client_duplicate_candidates compares. */
export interface WrittenKeys {
  sins: Set<string>;
  emails: Set<string>;
  phones: Set<string>;
  families: Set<string>;
  firsts: Set<string>;
  dobs: Set<string>;
}

/** No key yet, `given` aside. */
export const writtenKeys = (given: Partial<WrittenKeys> = {}): WrittenKeys => ({
  sins: new Set(),
  emails: new Set(),
  phones: new Set(),
  families: new Set(),
  firsts: new Set(),
  dobs: new Set(),
  ...given,
});

/** The keys of the clients within `scope` written since `since` (one statement). */
export async function keysWrittenSince(db: Executor, scope: Scope, since: Date): Promise<WrittenKeys> {
  const keys = writtenKeys();
  const add = (set: Set<string>, value: string | null) => value && set.add(value);
  for (const c of await repo.clientsWrittenSince(db, scope, since)) {
    add(keys.sins, c.sin_hash);
    add(keys.emails, c.email?.trim().toLowerCase() ?? null);
    add(keys.phones, c.match_phone);
    add(keys.families, c.match_family);
    add(keys.firsts, c.match_first);
    add(keys.dobs, c.dob);
  }
  return keys;
}

/** A date of birth and every date it may have been typed as: a digit changed, day and month swapped. */
function dobVariants(dob: string): string[] {
  const variants = [dob, `${dob.slice(0, 5)}${dob.slice(8, 10)}-${dob.slice(5, 7)}`];
  for (const at of [0, 1, 2, 3, 5, 6, 8, 9]) {
    for (let digit = 0; digit <= 9; digit += 1) {
      variants.push(`${dob.slice(0, at)}${digit}${dob.slice(at + 1)}`);
    }
  }
  return variants;
}

/**
 * Whether the person may share a block with a client written since: the same SIN hash, email,
 * phone digits, family or given name, or a date of birth equal, swapped or a digit off. Every block
 * needs one of these, so a person without any cannot have a new candidate.
 */
export function mayMatchWritten(p: MatchInput, keys: WrittenKeys): boolean {
  return (
    p.sins.some((h) => keys.sins.has(h)) ||
    (p.email !== '' && keys.emails.has(p.email.toLowerCase())) ||
    (p.phone !== '' && keys.phones.has(p.phone)) ||
    (p.family !== '' && keys.families.has(p.family)) ||
    (p.first !== '' && keys.firsts.has(p.first)) ||
    (p.dob !== null && keys.dobs.size > 0 && dobVariants(p.dob).some((d) => keys.dobs.has(d)))
  );
}

/**
 * Each person's best likely client within `scope` now (undefined: none), given `stored`, their
 * best as of `since` (null: none), and the keys of the clients written since: the stored match
 * when it still holds, else matchPeople's (one statement for those matched again).
 */
export async function recheckMatches(
  deps: Pick<AppContext, 'db' | 'clientCrypto'>,
  scope: Scope,
  people: readonly MatchPerson[],
  stored: ReadonlyArray<number | null>,
  since: { at: Date; keys: WrittenKeys },
): Promise<Array<number | undefined>> {
  const matched = stored.filter((id): id is number => id !== null);
  const unchanged = await repo.clientsUnchangedSince(deps.db, scope, matched, since.at);
  const again = people
    .map((p, i) => i)
    .filter((i) => {
      const id = stored[i]!;
      if (id !== null && !unchanged.has(id)) return true;
      return mayMatchWritten(matchInputOf(deps, people[i]!), since.keys);
    });
  const best = await matchPeople(
    deps,
    scope,
    again.map((i) => people[i]!),
    1,
  );
  const answers: Array<number | undefined> = stored.map((id) => id ?? undefined);
  again.forEach((i, k) => {
    answers[i] = best[k]![0]?.client_id;
  });
  return answers;
}
