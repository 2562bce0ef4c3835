/**
 * The client list's worker filter in the address (issue 32): `worker=me` (the caller's clients, a
 * Coordinator's default), `none` (the unassigned), a user's id, or `all` (every client, written
 * only where `me` is the default). GET /clients takes the same values but `all`, which is no filter.
 */
export type WorkerChoice = 'me' | 'none' | 'all' | `${number}`;

const ID = /^[1-9]\d{0,9}$/;

/** The address's value when it is one, else the default. */
export function workerChoiceOf(value: string | null, fallback: WorkerChoice): WorkerChoice {
  if (value === 'me' || value === 'none' || value === 'all') return value;
  return value !== null && ID.test(value) ? (value as `${number}`) : fallback;
}

/** The choice as GET /clients and its export take it: none for every client. */
export function workerQuery(choice: WorkerChoice): { worker?: 'me' | 'none' | number } {
  if (choice === 'all') return {};
  return { worker: choice === 'me' || choice === 'none' ? choice : Number(choice) };
}

/** The worker whose clients the choice lists (`me`: the signed-in user), or null. */
export function workerIdOf(choice: WorkerChoice, me: number | undefined): number | null {
  if (choice === 'me') return me ?? null;
  return choice === 'none' || choice === 'all' ? null : Number(choice);
}
