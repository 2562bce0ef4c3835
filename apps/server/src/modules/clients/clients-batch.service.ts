import { applyClientSaveRules } from '@cairn/shared/client-rules';
import { clientCreateBodySchema } from '@cairn/shared/clients.schemas';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { clientRowValues } from '../../db/client-row.ts';
import type { Db } from '../../db/database.ts';
import type { Scope } from '../access/access.policy.ts';
import * as repo from './clients-batch.repository.ts';
import type { ClientValues } from './clients.repository.ts';

/**
 * Many clients at once (a spreadsheet import, issue 31): created and updated by the batch, each
 * step one statement (matched beforehand by the duplicate matcher, modules/duplicates), with the intake's own save rules, derived columns and SIN
 * encryption (clientRowValues).
 */
type Crypto = Pick<AppContext, 'clientCrypto'>;
type Body = z.output<typeof clientCreateBodySchema>;

export interface SavedClient {
  client_id: number;
  full_name: string;
}

const saved = (rows: Array<{ clientId: number; firstName: string; lastName: string }>): SavedClient[] =>
  rows.map((r) => ({ client_id: r.clientId, full_name: `${r.firstName} ${r.lastName}` }));

/** Creates a client per intake body (in its centre, with its worker), in one statement. */
export async function createClients(
  tx: Db,
  deps: Crypto,
  createdBy: number,
  rows: ReadonlyArray<{ body: Body; centreId: number; workerId: number | null }>,
): Promise<SavedClient[]> {
  if (rows.length === 0) return [];
  const values: ClientValues[] = rows.map(({ body, centreId, workerId }) => ({
    ...clientRowValues(applyClientSaveRules(body), deps.clientCrypto),
    centreId,
    createdBy,
    workerId,
  }));
  return saved(await repo.insertClients(tx, values));
}

const BODY_FIELDS = Object.keys(clientCreateBodySchema.shape).filter((f) => f !== 'centre_id');

/**
 * Updates each client with the answers given (a field left out or null keeps what is stored; the
 * centre never moves), in one statement: the save rules and derived columns are those of the
 * stored client with the new answers. Clients outside the scope are left alone.
 */
export async function updateClients(
  tx: Db,
  deps: Crypto,
  scope: Scope,
  rows: ReadonlyArray<{ clientId: number; answers: Partial<Body> }>,
): Promise<SavedClient[]> {
  const stored = new Map(
    (
      await repo.lockClientAnswers(
        tx,
        scope,
        rows.map((r) => r.clientId),
      )
    ).map((s) => [s.client_id, s.answers]),
  );
  const updates: Array<{ clientId: number; values: Partial<ClientValues> }> = [];
  const names: SavedClient[] = [];
  for (const { clientId, answers } of rows) {
    const before = stored.get(clientId);
    if (!before) continue;
    const merged: Record<string, unknown> = {};
    for (const field of BODY_FIELDS) {
      const given = (answers as Record<string, unknown>)[field];
      merged[field] = given ?? before[field] ?? null;
    }
    // The SIN is stored encrypted: only a new one is written.
    merged.sin = answers.sin ?? undefined;
    const body = merged as unknown as Body;
    const { centreId: _kept, ...values } = clientRowValues(
      applyClientSaveRules(body),
      deps.clientCrypto,
    ) as Partial<ClientValues>;
    // Every row names the same columns: the SIN's are written as stored when no new SIN is given.
    updates.push({
      clientId,
      values: {
        ...values,
        sinEncrypted: values.sinEncrypted ?? (before.sin_encrypted as string | null),
        sinHash: values.sinHash ?? (before.sin_hash as string | null),
        sinLast3: values.sinLast3 ?? (before.sin_last3 as string | null),
      },
    });
    names.push({ client_id: clientId, full_name: `${body.first_name} ${body.last_name}` });
  }
  await repo.updateClients(tx, updates);
  return names;
}
