import { errorResponseSchema } from '@cairn/shared/errors';
import {
  dashboardDataSchema,
  dashboardLinkBodySchema,
  dashboardLinkSchema,
  ministryReportQuerySchema,
} from '@cairn/shared/reporting.schemas';
import { wordsIn } from '@cairn/shared/wording';
import { z } from 'zod';
import type { AppContext, ZodApp } from '../../app-context.ts';
import { errorResponses, NO_AUTH } from '../../lib/route-schemas.ts';
import { xlsxAnswer } from '../../lib/xlsx-stream.ts';
import { readReport, reportFileSource } from '../../lib/report-source.ts';
import { actorOf } from '../../plugins/auth.ts';
import { requires } from '../access/access.policy.ts';
import { ministryReport } from './ministry-report.service.ts';
import { callerLocale, fileWords } from '../../plugins/language.ts';
import * as service from './reporting.service.ts';
import { keepServedYears } from './served-years.service.ts';
import { audited } from '../audit/audit.policy.ts';

const tags = ['reporting'];

/** A dashboard link's token: base64url text and one dot, far shorter than this. */
const tokenParam = z.object({ token: z.string().min(1).max(1024) });

export function reportingRoutes(app: ZodApp, ctx: AppContext) {
  keepServedYears(app, ctx.db);
  app.post(
    '/reporting/dashboard-links',
    {
      ...requires('reports.dashboards'),
      schema: {
        tags,
        operationId: 'createDashboardLink',
        summary: 'A signed link to one dashboard',
        description:
          'Answers `/embed/dashboard/<token>`, signed by the server and valid 600 seconds. A Coordinator ' +
          "always gets their own centre's figures, whatever centre_id says; Admins and Reporters name " +
          'a centre, or -1 for all (404 centre_not_found for a centre that does not exist). The start ' +
          'may not come after the end.',
        body: dashboardLinkBodySchema,
        response: { 200: dashboardLinkSchema, ...errorResponses },
      },
    },
    async (request) => service.createLink(ctx.db, ctx.dashboardLinks, actorOf(request), request.body),
  );

  app.get(
    '/embed/dashboard/:token',
    {
      config: { public: true },
      schema: {
        tags,
        security: NO_AUTH,
        operationId: 'getEmbeddedDashboard',
        summary: "A dashboard's data, for whoever holds a valid link",
        description:
          "The token is the credential: the figures, series and lists of the token's dashboard, for " +
          'its range and centre, computed from the database. A tampered, expired or unknown token ' +
          'gets 401 invalid_dashboard_link and no data. With a read replica configured the figures ' +
          'come from it while it is fresh enough, and `data_as_of` says the time its data is as of; ' +
          '`data_as_of` is null when they come from the primary database (current).',
        params: tokenParam,
        response: {
          200: dashboardDataSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          414: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const grant = service.grantOf(ctx.dashboardLinks, request.params.token);
      return readReport(ctx.reports, request, (source) =>
        service.dashboardData(source, grant, callerLocale(request)),
      );
    },
  );

  app.get(
    '/reporting/ministry-report',
    {
      ...requires('reports.ministry'),
      ...audited('export', 'report', { id: 'none', details: { report: 'ministry' } }),
      schema: {
        tags,
        operationId: 'getMinistryReport',
        summary: 'The ministry spreadsheet for a range',
        description:
          'An .xlsx streamed while it is read (sheets Summary, Participants, Interventions, Outcomes ' +
          'and Spending; no SIN, no names), saved under a name holding both dates. Admins only. Read ' +
          'from the read replica while it is fresh enough, the header `X-Data-As-Of` then giving ' +
          'the time its data is as of (absent when read from the primary).',
        querystring: ministryReportQuerySchema,
        response: { 200: xlsxAnswer, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { db } = await reportFileSource(ctx.reports, request, reply);
      const { start, end, lang } = request.query;
      // The file's words, its labels of the stored choices and the catalogue's names, in `lang` or
      // the caller's language.
      const locale = lang ?? callerLocale(request);
      const { choice } = wordsIn(locale);
      return ministryReport(
        db,
        request,
        reply,
        { start, end, locale },
        { words: fileWords(request, lang), choice },
      );
    },
  );
}
