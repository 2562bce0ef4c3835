import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_VERSION } from '@cairn/shared/limits';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext, ZodApp } from './app-context.ts';
import { registerAudit } from './plugins/audit.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerErrorLanguage } from './plugins/language.ts';
import { registerBackups } from './plugins/backups.ts';
import { registerPendingPairs } from './plugins/duplicate-pairs.ts';
import { registerBuiltFiles } from './plugins/built-files.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerMyWorkDigest } from './plugins/my-work-digest.ts';
import { frameworkErrorOptions } from './plugins/framework-errors.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerWeb } from './plugins/web.ts';
import { responseSerializer } from './lib/response-serializer.ts';
import { finishApiDescription } from './lib/api-description.ts';
import { answerRequestId, requestIdOf, requestLogValue } from './lib/request-log.ts';
import './lib/shutdown.ts';
import { closeUnreadBodies } from './lib/unread-body.ts';
import { dailyJobRegistry, everyDay } from './lib/daily-job.ts';
import { databaseRateLimitStore } from './lib/rate-limit-store.ts';
import { dropEndedRateWindows } from './db/process-shared.ts';
import { openConfiguredReportReads } from './db/open.ts';
import { registerJsonBody, validatorWithTextRule } from './lib/validation.ts';
import { describeRights } from './modules/access/access.policy.ts';
import { importsRoutes } from './modules/imports/imports.routes.ts';
import { attachmentsRoutes } from './modules/attachments/attachments.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { centresRoutes } from './modules/centres/centres.routes.ts';
import { duplicatesRoutes } from './modules/duplicates/duplicates.routes.ts';
import { clientsRoutes } from './modules/clients/clients.routes.ts';
import { caseloadsRoutes } from './modules/caseloads/caseloads.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { groupsRoutes } from './modules/groups/groups.routes.ts';
import { helpRoutes } from './modules/help/help.routes.ts';
import { registerIdempotentRoutes } from './modules/idempotency/idempotency.routes.ts';
import { interactionsRoutes } from './modules/interactions/interactions.routes.ts';
import { metricsRoutes } from './modules/metrics/metrics.routes.ts';
import { notesRoutes } from './modules/notes/notes.routes.ts';
import { outcomesRoutes } from './modules/outcomes/outcomes.routes.ts';
import { followUpsRoutes } from './modules/follow-ups/follow-ups.routes.ts';
import { plansRoutes } from './modules/plans/plans.routes.ts';
import { reportingRoutes } from './modules/reporting/reporting.routes.ts';
import { ministryFilesRoutes } from './modules/reporting/ministry-files.routes.ts';
import { rolesRoutes } from './modules/roles/roles.routes.ts';
import { spendingsRoutes } from './modules/spendings/spendings.routes.ts';
import { storiesRoutes } from './modules/stories/stories.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { myWorkRoutes } from './modules/my-work/my-work.routes.ts';

/** Every module's routes, mounted under /api. */
const MODULES: Array<(app: ZodApp, ctx: AppContext) => void | Promise<void>> = [
  healthRoutes,
  metricsRoutes,
  authRoutes,
  usersRoutes,
  centresRoutes,
  rolesRoutes,
  clientsRoutes,
  duplicatesRoutes,
  caseloadsRoutes,
  interactionsRoutes,
  catalogueRoutes,
  plansRoutes,
  outcomesRoutes,
  followUpsRoutes,
  spendingsRoutes,
  notesRoutes,
  storiesRoutes,
  groupsRoutes,
  helpRoutes,
  reportingRoutes,
  ministryFilesRoutes,
  attachmentsRoutes,
  auditRoutes,
  importsRoutes,
  myWorkRoutes,
];

export interface BuildOptions {
  /** The process's logger; none in tests. */
  loggerInstance?: FastifyBaseLogger;
  /** Serve the built web app from this folder (skipped when it has no build). */
  webDistDir?: string;
}

/** What buildApp is built from: the report reads are opened from the configuration unless given. */
export type BuildContext = Omit<AppContext, 'reports' | 'now'> & Partial<Pick<AppContext, 'reports' | 'now'>>;

export async function buildApp(given: BuildContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const ctx: AppContext = {
    ...given,
    reports: given.reports ?? openConfiguredReportReads(given.config, given.db),
    now: given.now ?? (() => new Date()),
  };
  const app = Fastify({
    // Log lines name the route, never the address as sent (its query holds searches, its path a
    // dashboard token): lib/request-log.ts. Bodies are never logged (they hold personal data).
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance.child({}, { serializers: { req: requestLogValue } }) }
      : { logger: false }),
    requestIdHeader: false,
    genReqId: requestIdOf,
    trustProxy: ctx.config.trustProxy,
    // A search text of 128 characters, each up to 4 bytes written as 3 characters of percent-encoding.
    routerOptions: { maxParamLength: 128 * 12 },
    ...frameworkErrorOptions,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorWithTextRule);
  app.setSerializerCompiler(responseSerializer);
  registerJsonBody(app);
  answerRequestId(app);
  closeUnreadBodies(app);

  // Set when a signal asks the process to stop (lib/shutdown.ts); readiness reads it.
  app.decorate('stopping', { since: null as number | null });
  app.decorate('dailyJobs', dailyJobRegistry());
  registerErrorHandling(app);
  registerErrorLanguage(app);
  registerSecurityHeaders(app, { hsts: ctx.config.env === 'production' });
  // Limits are set per route (sign-in, password reset); nothing global. Counted in the database,
  // so every process adds to one count (lib/rate-limit-store.ts).
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(ctx.db) });
  const windows = everyDay(app, ctx.db, 'rate_limit_cleanup', 'rate limit windows not removed', () =>
    dropEndedRateWindows(ctx.db),
  );
  app.addHook('onClose', windows.stop);
  // The replica's pool is the app's when it opened it; closed after the requests in flight.
  if (!given.reports) app.addHook('onClose', () => ctx.reports.close());

  await app.register(swagger, {
    openapi: {
      info: { title: 'Cairn API', version: APP_VERSION },
      // The API is served by the same server as the web app, under /api.
      servers: [{ url: '/', description: 'This Cairn server' }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
    // Named schemas collected into components.schemas, once each: lib/api-description.ts.
    transformObject: (document) =>
      'openapiObject' in document ? finishApiDescription(document) : document.swaggerObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list' },
    uiHooks: {},
  });

  // Before the audit trail, whose writer reports its turns: plugins/metrics.ts.
  registerMetrics(app, ctx);
  // Before the auth hook (a refused sign-in is an entry too) and every route: plugins/audit.ts.
  registerAudit(app, ctx);
  // After the metrics, which count its runs: plugins/backups.ts.
  registerBackups(app, ctx);
  registerMyWorkDigest(app, ctx);
  registerPendingPairs(app, ctx);
  // Each route's declared right in the API description (`x-requires`): modules/access.
  describeRights(app);
  registerAuth(app, ctx);
  registerIdempotentRoutes(app);

  await app.register(
    async (api) => {
      const zodApi = api.withTypeProvider<ZodTypeProvider>();
      for (const mount of MODULES) await mount(zodApi, ctx);
    },
    { prefix: '/api' },
  );

  registerBuiltFiles(app, ctx.config.builtFiles.publicDir);
  await registerWeb(app, options.webDistDir ?? ctx.config.webDistDir);
  return app;
}
