import http from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorCode } from '@cairn/shared/errors';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { errorBody } from '../lib/http-error.ts';

function body(code: ErrorCode): string {
  return JSON.stringify(errorBody(code));
}

/**
 * What Fastify and Node refuse before any route runs answers in the API's one error shape too:
 * a bad percent-encoding (400), a path parameter longer than the router takes (414), and, written
 * straight to the socket, headers or a query too large for Node's parser (431), a timeout (408) or
 * a request it cannot parse (400).
 */
export const frameworkErrorOptions: Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> = {
  frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
    const [status, code]: [number, ErrorCode] =
      error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? [414, 'uri_too_long'] : [400, 'bad_url'];
    void reply.status(status).type('application/json').send(body(code));
  },
  clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, code]: [number, ErrorCode] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'headers_too_large']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'request_timeout']
          : [400, 'bad_request'];
    if (socket.writable) {
      const text = body(code);
      socket.write(
        `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(text)}\r\n` +
          `Content-Type: application/json\r\nConnection: close\r\n\r\n${text}`,
      );
    }
    socket.destroy(error);
  },
};
