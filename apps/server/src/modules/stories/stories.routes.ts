import type { AppContext, ZodApp } from '../../app-context.ts';

export function storiesRoutes(_app: ZodApp, _ctx: AppContext) {}
