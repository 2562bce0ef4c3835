import type { AppContext, ZodApp } from '../../app-context.ts';

export function plansRoutes(_app: ZodApp, _ctx: AppContext) {}
