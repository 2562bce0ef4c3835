import type { RoleId } from '@cairn/shared/roles';
import { FIRST_LOCALE, isLocale, type Locale } from '@cairn/shared/locales';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import type { AccessClaims, AccessTokens } from '../lib/access-tokens.ts';
import type { ActorCache } from '../lib/actor-cache.ts';
import { unauthorized } from '../lib/http-error.ts';
import { findActorById } from '../modules/auth/actors.service.ts';
import type { AuditCarrier } from '../modules/audit/audit.policy.ts';

/**
 * Who is calling: looked up with the session the access token names (cached briefly, and forgotten
 * in every process when the user or the session changes: lib/actor-cache.ts).
 */
export interface Actor extends AuditCarrier {
  userId: number;
  roleId: RoleId;
  centreId: number | null;
  /** The user's language: the API's messages to them are worded in it (plugins/language.ts). */
  locale: Locale;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyContextConfig {
    /** Routes that answer without a signed-in user. */
    public?: boolean;
  }
}

/** The signed-in caller; routes behind the auth hook always have one. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

export function registerAuth(
  app: FastifyInstance,
  deps: { db: Db; tokens: AccessTokens; actors: ActorCache },
) {
  app.decorateRequest('actor', null);
  app.addHook('onClose', () => deps.actors.close());
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    // Unknown routes fall to the not-found handler; the API description is public.
    if (!route?.startsWith('/api/') || route.startsWith('/api/docs')) return;
    if (request.routeOptions.config?.public) return;
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    if (!match) throw unauthorized();
    const claims = await deps.tokens.verify(match[1]!);
    if (!claims) throw unauthorized();
    // The request's audit context rides with its actor into the access layer (audit.policy.ts).
    request.actor = {
      userId: claims.userId,
      ...(await findActor(deps, claims)),
      auditContext: request.auditContext,
    };
  });
}

/** The caller's role and centre, from the cache or the database; refuses a void token. */
async function findActor(
  deps: { db: Db; actors: ActorCache },
  { userId, version, sessionId }: AccessClaims,
): Promise<Pick<Actor, 'roleId' | 'centreId' | 'locale'>> {
  const cached = deps.actors.get(sessionId, userId, version);
  if (cached) return standingOf(cached);
  const stamp = deps.actors.stamp();
  const row = await findActorById(deps.db, userId, sessionId);
  // A token of a session signed out or revoked, issued before the password changed, or for a
  // deleted account, is void.
  if (!row || row.tokenVersion !== version) throw unauthorized();
  deps.actors.set(sessionId, { userId, ...row }, stamp);
  return standingOf(row);
}

/** The role, centre and language of a cached or looked-up actor. */
function standingOf(row: { roleId: number; centreId: number | null; locale: string }) {
  return {
    roleId: row.roleId as RoleId,
    centreId: row.centreId,
    locale: isLocale(row.locale) ? row.locale : FIRST_LOCALE,
  };
}
