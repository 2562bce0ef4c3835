import type { AppContext, ZodApp } from '../../app-context.ts';

export function authRoutes(_app: ZodApp, _ctx: AppContext) {}
