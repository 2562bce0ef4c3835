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

/** Security headers on every response; `Cache-Control: no-store` on the API. */
export function registerSecurityHeaders(app: FastifyInstance, options: { hsts: boolean }) {
  app.addHook('onSend', async (request, reply) => {
    const url = request.url;
    const embed = url.startsWith('/embed/');
    reply.header('Content-Security-Policy', embed ? EMBED_CSP : DEFAULT_CSP);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('X-Frame-Options', embed ? 'SAMEORIGIN' : 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Cross-Origin-Resource-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (options.hsts) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (url.startsWith('/api/') || url === '/api') {
      reply.header('Cache-Control', 'no-store');
      reply.header('Pragma', 'no-cache');
    }
  });
}
