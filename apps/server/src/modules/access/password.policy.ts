import type { FastifyRequest } from 'fastify';
import { requires } from './access.policy.ts';
import { accountIdOf } from './users.policy.ts';

/**
 * Spec §6: only the own account changes its password, whatever the role (403 own_password_only
 * otherwise). An Admin helps someone else through a reset link instead, which proves control of
 * the mailbox. Checked before validation like every right: the body's `id`, as sent.
 */
export const ownPasswordOnly = requires(null, {
  own: 'only',
  target: (request: FastifyRequest) => accountIdOf((request.body as { id?: unknown } | null | undefined)?.id),
  refusal: 'own_password_only',
});
