import type { AppContext, ZodApp } from '../../app-context.ts';

export function notesRoutes(_app: ZodApp, _ctx: AppContext) {}
