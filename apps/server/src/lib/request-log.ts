import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * What a request's log lines say of it (issue 27): its method and its route's pattern
 * (`/api/clients/:id`, `/api/embed/dashboard/:token`), never the address as sent, whose query holds
 * searches (`?s=`, `?q=`: names) and whose path may hold a dashboard link's token.
 */

/** A request id a caller may choose: short, and only characters safe in a log or a header. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** `X-Request-Id` when the caller sent a safe one (a proxy's), else a new UUID. */
export function requestIdOf(raw: IncomingMessage): string {
  const sent = raw.headers['x-request-id'];
  return typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
}

/** The first segment of an address no route matched, kept when it is a plain word (`client`, `api`). */
const PLAIN_WORD = /^[a-z][a-z-]{0,31}$/;

/**
 * The address to log: the route's pattern; for an address no route matched (the web app's
 * screens, `/embed/dashboard/<token>` among them, or a mistyped API address), its path without the
 * query, with its first segment when that is a plain word and every later one written `:value`
 * unless it is a number: a segment may be a token or a name (`/api/no-route/Marwenne`).
 */
export function loggedUrl(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern) return pattern;
  const path = (request.url ?? '').split('?')[0]!;
  return path
    .split('/')
    .map((segment, i) => {
      if (segment === '' || /^[0-9]{1,10}$/.test(segment)) return segment;
      return i === 1 && PLAIN_WORD.test(segment) ? segment : ':value';
    })
    .join('/');
}

/** Pino's `req` serializer: method, route, the caller's address. */
export function requestLogValue(request: FastifyRequest) {
  return { method: request.method, url: loggedUrl(request), remoteAddress: request.ip };
}

/** Every answer names its request: the id the logs carry, for a report to quote. */
export function answerRequestId(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
}
