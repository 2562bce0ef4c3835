import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const PDF_NAME = /^[a-z0-9]+(_[a-z0-9]+)*\.pdf$/;

/**
 * Serves the PDFs the build writes from the repository's sources (spec §7, "static files"):
 * /documents/<name>.pdf, to anyone, as the web's own build copies them (the built web app serves the
 * same files first when it has them). Every file is read once, at start; an address that names none
 * falls through to the not-found handler. Help articles are no static files: their HTML is answered
 * by GET /api/help/articles/{category}/{page}, to the roles that read the category (issue 27).
 */
export function registerBuiltFiles(app: FastifyInstance, publicDir: string) {
  const files = new Map<string, { body: Buffer; type: string }>();
  const documents = path.join(publicDir, 'documents');
  if (fs.existsSync(documents)) {
    for (const name of fs.readdirSync(documents).filter((f) => PDF_NAME.test(f))) {
      files.set(`/documents/${name}`, {
        body: fs.readFileSync(path.join(documents, name)),
        type: 'application/pdf',
      });
    }
  }
  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const file = files.get(request.url.split('?')[0]!);
    if (!file) return reply.callNotFound();
    return reply.header('Cache-Control', 'no-cache').type(file.type).send(file.body);
  };
  const hide = { schema: { hide: true } };
  app.get('/documents/:file', hide, serve);
}
