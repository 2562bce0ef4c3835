import type { AppContext, ZodApp } from '../../app-context.ts';

export function outcomesRoutes(_app: ZodApp, _ctx: AppContext) {}
