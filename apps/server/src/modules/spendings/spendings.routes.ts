import type { AppContext, ZodApp } from '../../app-context.ts';

export function spendingsRoutes(_app: ZodApp, _ctx: AppContext) {}
