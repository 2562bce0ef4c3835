// Types of server.mjs, for the TypeScript benchmark that starts server processes with it.
export interface StartedServer {
  name: string;
  port: number;
  url: string;
  pid: number;
  output(): string;
  alive(): boolean;
  ready(timeoutMs?: number): Promise<void>;
  stop(timeoutMs: number): Promise<{ code: number | null; signal: string | null; ms: number }>;
}

export function startServer(options: {
  name: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  port: number;
  cwd: string;
}): StartedServer;
