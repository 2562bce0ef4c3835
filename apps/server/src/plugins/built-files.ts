import fs from 'node:fs';
import path from 'node:path';
import { documentFolder } from '@cairn/shared/documents';
import { FIRST_LOCALE, LOCALES } from '@cairn/shared/locales';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const PDF_NAME = /^[a-z0-9]+(_[a-z0-9]+)*\.pdf$/;

/**
 * Serves the PDFs the build writes from the repository's sources (spec §7, "static files"):
 * /documents/<name>.pdf in English and /documents/fr/<name>.pdf in French (issue 34), to anyone, as
 * the web's own build copies them (the built web app serves the same files first when it has them).
 * Every file is read once, at start, and looked up by the address exactly as requested: an address
 * that names none (another folder, `..`, an encoded slash) falls through to the not-found handler.
 * Help articles are no static files: their HTML is answered by
 * GET /api/help/articles/{category}/{page}, to the roles that read the category (issue 27).
 */
export function registerBuiltFiles(app: FastifyInstance, publicDir: string) {
  const files = new Map<string, { body: Buffer; type: string }>();
  for (const locale of LOCALES) {
    const folder = documentFolder(locale);
    const documents = path.join(publicDir, 'documents', folder);
    if (!fs.existsSync(documents)) continue;
    for (const name of fs.readdirSync(documents).filter((f) => PDF_NAME.test(f))) {
      files.set(`/documents/${folder}${name}`, {
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
  for (const locale of LOCALES.filter((l) => l !== FIRST_LOCALE)) {
    app.get(`/documents/${locale}/:file`, hide, serve);
  }
}
