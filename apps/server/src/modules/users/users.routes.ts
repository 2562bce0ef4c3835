import type { AppContext, ZodApp } from '../../app-context.ts';

export function usersRoutes(_app: ZodApp, _ctx: AppContext) {}
