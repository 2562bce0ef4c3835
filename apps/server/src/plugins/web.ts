import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody } from '../lib/http-error.ts';

/**
 * Serves the built single-page app: hashed assets with a long cache, and index.html for every
 * other path that is not the API, so the browser router can take over.
 */
export async function registerWeb(app: FastifyInstance, distDir: string) {
  const hasBuild = fs.existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // Help articles are answered by the API to the roles that read them, never as files: a build
      // made before issue 27 held them under help/ (scripts/build-help.mjs no longer writes them).
      allowedPath: (pathName) => !pathName.startsWith('/help/'),
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    const wantsPage =
      request.method === 'GET' && !isApi && hasBuild && !path.extname(request.url.split('?')[0]!);
    if (wantsPage) {
      return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.status(404).send(errorBody('route_not_found'));
  });
}
