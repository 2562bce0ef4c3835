import type { AuditCarrier } from '../audit/audit.policy.ts';
import type { Centre, centreBodySchema } from '@cairn/shared/centres.schemas';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import * as repo from './centres.repository.ts';
import { violatedConstraint } from '../../db/db-errors.ts';
import { auditedTransaction } from '../audit/audit-transaction.service.ts';

type CentreInput = z.output<typeof centreBodySchema>;

/** The Centre of spec §3. */
export function toCentre(row: repo.CentreRow): Centre {
  return {
    centre_id: row.centreId,
    name: row.name,
    address: row.address,
    city: row.city,
    province: row.province,
    postal_code: row.postalCode,
    phone: row.phone,
    logo: row.logo,
  };
}

export async function listCentres(db: Db): Promise<Centre[]> {
  return (await repo.listCentres(db)).map(toCentre);
}

export async function getCentre(db: Db, centreId: number): Promise<Centre> {
  const row = await repo.findCentre(db, centreId);
  if (!row) throw notFound();
  return toCentre(row);
}

export async function createCentre(
  db: Db,
  input: CentreInput,
  audit: AuditCarrier,
): Promise<{ id: number; centre: Centre }> {
  const row = await auditedTransaction(db, audit, (tx) => repo.insertCentre(tx, toValues(input)));
  return { id: row.centreId, centre: toCentre(row) };
}

export async function updateCentre(
  db: Db,
  centreId: number,
  input: CentreInput,
  audit: AuditCarrier,
): Promise<Centre> {
  const values = toValues(input);
  const row = await auditedTransaction(db, audit, async (tx) => {
    // The audit entry names the fields that changed, before and after (audit-changes.service.ts).
    const after = await repo.updateCentre(tx, centreId, values);
    if (!after) throw notFound();
    return after;
  });
  return toCentre(row);
}

/**
 * Deletes a centre nobody uses. Whether anything still uses it is the foreign keys' answer
 * (restrict), so a user added concurrently cannot be orphaned. Deleted users still reference
 * their centre but no longer belong to it: they are detached first, in the same transaction,
 * which a refusal rolls back.
 */
export async function deleteCentre(db: Db, centreId: number, audit: AuditCarrier): Promise<void> {
  try {
    await auditedTransaction(db, audit, async (tx) => {
      await repo.detachDeletedUsers(tx, centreId);
      if (!(await repo.deleteCentre(tx, centreId))) throw notFound();
    });
  } catch (err) {
    // 23001 restrict_violation (ON DELETE RESTRICT), 23503 foreign_key_violation (NO ACTION).
    const code = violatedConstraint(err)?.code;
    if (code === '23001' || code === '23503') throw conflict('centre_in_use');
    throw err;
  }
}

function toValues(input: CentreInput): repo.CentreValues {
  return {
    name: input.name,
    address: input.address,
    city: input.city,
    province: input.province,
    postalCode: input.postal_code,
    phone: input.phone,
    logo: input.logo,
  };
}
