import fs from 'node:fs';
import path from 'node:path';
import { HELP_PAGE_PATTERN, isHelpCategory } from '@cairn/shared/help.schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const PDF_NAME = /^[a-z0-9]+(_[a-z0-9]+)*\.pdf$/;

/**
 * Serves the files the build writes from the repository's sources (spec §7, "static files"):
 * /documents/<name>.pdf and /help/<category>/<page>.html, to anyone, as the web's own build
 * copies them (the built web app serves the same files first when it has them). Every file is read
 * once, at start; an address that names none falls through to the not-found handler, which serves
 * the web app for the help screens' own addresses (/help/<category>/<page>).
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
  const help = path.join(publicDir, 'help');
  if (fs.existsSync(help)) {
    for (const category of fs.readdirSync(help).filter(isHelpCategory)) {
      for (const name of fs.readdirSync(path.join(help, category))) {
        if (!name.endsWith('.html') || !HELP_PAGE_PATTERN.test(name.slice(0, -5))) continue;
        files.set(`/help/${category}/${name}`, {
          body: fs.readFileSync(path.join(help, category, name)),
          type: 'text/html; charset=utf-8',
        });
      }
    }
  }

  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const file = files.get(request.url.split('?')[0]!);
    if (!file) return reply.callNotFound();
    return reply.header('Cache-Control', 'no-cache').type(file.type).send(file.body);
  };
  const hide = { schema: { hide: true } };
  app.get('/documents/:file', hide, serve);
  app.get('/help/:category/:page', hide, serve);
}
