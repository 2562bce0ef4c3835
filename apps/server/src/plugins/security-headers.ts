import type { FastifyInstance } from 'fastify';

function contentSecurityPolicy(frameAncestors: string) {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Mantine writes component styles at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    // An attachment's preview (a PDF or an image) is drawn from a blob: address the app made from
    // bytes it fetched; a PDF's viewer counts as an object. Nothing else may be framed or embedded.
    "frame-src 'self' blob:",
    'object-src blob:',
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

const DEFAULT_CSP = contentSecurityPolicy("'none'");
// Report dashboards are built to be framed by the app itself.
const EMBED_CSP = contentSecurityPolicy("'self'");

/** The headers every answer carries, by kind of path: built once, set in one pass per answer. */
function headerSet(options: { hsts: boolean }, kind: 'page' | 'embed' | 'api'): Array<[string, string]> {
  const embed = kind === 'embed';
  const headers: Array<[string, string]> = [
    ['content-security-policy', embed ? EMBED_CSP : DEFAULT_CSP],
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'no-referrer'],
    ['x-frame-options', embed ? 'SAMEORIGIN' : 'DENY'],
    ['cross-origin-opener-policy', 'same-origin'],
    ['cross-origin-resource-policy', 'same-origin'],
    ['permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
  ];
  if (options.hsts) headers.push(['strict-transport-security', 'max-age=31536000; includeSubDomains']);
  if (kind === 'api') headers.push(['cache-control', 'no-store'], ['pragma', 'no-cache']);
  return headers;
}

/**
 * Security headers on every response; `Cache-Control: no-store` on the API. A callback hook, not
 * an async one, with the headers built once: it runs on every answer.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { hsts: boolean }) {
  const sets = {
    page: headerSet(options, 'page'),
    embed: headerSet(options, 'embed'),
    api: headerSet(options, 'api'),
  };
  app.addHook('onSend', (request, reply, payload, done) => {
    const url = request.url;
    const headers = url.startsWith('/embed/')
      ? sets.embed
      : url.startsWith('/api/') || url === '/api'
        ? sets.api
        : sets.page;
    for (const [name, value] of headers) reply.header(name, value);
    done(null, payload);
  });
}
