import { myWorkQuerySchema, myWorkSchema } from '@cairn/shared/my-work.schemas';
import type { AppContext, ZodApp } from '../../app-context.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { actorOf } from '../../plugins/auth.ts';
import { requires } from '../access/access.policy.ts';
import { audited } from '../audit/audit.policy.ts';
import * as service from './my-work.service.ts';

/** My work (issue 32): a Coordinator's home, what is waiting for them. */
export function myWorkRoutes(app: ZodApp, ctx: AppContext) {
  app.get(
    '/my-work',
    {
      ...requires('work.own'),
      ...audited('read', 'client', { id: 'none' }),
      schema: {
        operationId: 'getMyWork',
        summary:
          'List what is waiting for the caller: follow-ups, missing information, quiet plans, unassigned clients',
        description:
          "The caller's own clients (their worker) on the server's today: follow-ups not recorded that are " +
          'due within 7 days or past due (`overdue` 14 days past), clients missing required information, ' +
          'open plans with no note, spending, interaction or change for `GONE_QUIET_DAYS` days, and the ' +
          "clients of the caller's centre without a worker. Each list answers its total and a page of 20 " +
          'rows: the first, or the one its `{list}_page` asks. Coordinators only (`work.own`): Admins and ' +
          'Reporters have no caseload.',
        tags: ['my-work'],
        querystring: myWorkQuerySchema,
        response: { 200: myWorkSchema, ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      return service.myWorkOf(ctx, ctx.db, actorOf(request), {
        follow_ups: q.follow_ups_page,
        missing_info: q.missing_info_page,
        gone_quiet: q.gone_quiet_page,
        unassigned: q.unassigned_page,
      });
    },
  );
}
