import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * How long a connection whose body was refused unread stays open after its answer, reading and
 * dropping what still arrives, so the caller reads the answer before the connection is reset (the
 * lingering close of HTTP servers). Time, not the body's size, bounds what is read.
 */
export const LINGER_MS = 500;

/**
 * An answer sent before its request's body was read to the end (issue 27: a refused sign-in, a
 * missing right, an upload past ATTACHMENT_MAX_BYTES) closes the connection: `Connection: close`,
 * then, LINGER_MS after the answer at most, the socket is destroyed. Otherwise Node would read the
 * rest of the body, however large, to keep the connection for the next request.
 */
export function closeUnreadBodies(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply) => {
    // `complete` is Node's own flag (false until the whole message arrived); injected requests lack it.
    if (request.raw.complete !== false || reply.raw.headersSent) return;
    void reply.header('connection', 'close');
    const socket: Socket = request.raw.socket;
    // Node calls destroySoon once the answer is written, for a connection that closes.
    socket.destroySoon = function lingeringClose(this: Socket) {
      if (this.writable) this.end();
      const timer = setTimeout(() => this.destroy(), LINGER_MS);
      timer.unref();
      this.once('close', () => clearTimeout(timer));
    };
  });
}
