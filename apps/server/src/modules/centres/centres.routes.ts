import type { AppContext, ZodApp } from '../../app-context.ts';

export function centresRoutes(_app: ZodApp, _ctx: AppContext) {}
