// Types of haproxy.mjs, for the TypeScript benchmark that starts HAProxy with it.
export const HAPROXY_CONFIG: string;

export interface StartedHaproxy {
  url: string;
  pid: number;
  logFile: string;
  states(): Promise<Record<string, string>>;
  waitFor(name: string, status: string, timeoutMs: number): Promise<boolean>;
  stop(): Promise<void>;
  retried(): { retried: number; redispatched: number };
}

export function startHaproxy(options: {
  port: number;
  servers: string[];
  workDir: string;
}): Promise<StartedHaproxy>;
