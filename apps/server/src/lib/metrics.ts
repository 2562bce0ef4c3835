import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import pg from 'pg';
import type { Db } from '../db/database.ts';
import type { ReportReads } from '../db/replica.ts';

/**
 * The server's metrics in Prometheus' text format (docs/ARCHITECTURE.md, "Watching it"), one
 * registry per app: the process's own (event-loop lag, heap, CPU, from prom-client's defaults),
 * requests by route pattern and status with their latency, the database pool, the audit
 * trail's queue and writes, and the scheduled backups. Read by `GET /api/metrics` (METRICS_TOKEN).
 */
export interface Metrics {
  registry: Registry;
  /** One answered request: its method, route pattern (never the address as sent), status. */
  request(method: string, route: string, status: number, seconds: number): void;
  /** One turn of the audit writer: how long it took, whether it failed. */
  auditWrite(seconds: number, failed: boolean): void;
  /** One report read (a dashboard, the ministry file, a list export), by where it read. */
  reportRead(source: 'replica' | 'primary'): void;
  /** One scheduled backup run by this process: written, or failed. */
  backup(succeeded: boolean): void;
}

/** What the gauges read when scraped. */
export interface MetricSources {
  db: Db;
  /** Audit entries queued in the process and not written yet. */
  auditBacklog: () => number;
  /** Where reports read (db/replica.ts): the replica's lag is a gauge when one is configured. */
  reports: ReportReads;
}

/** Request latency buckets, seconds: from a cached read (ms) to a large spreadsheet (10 s). */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(sources: MetricSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'cairn_http_request_duration_seconds',
    help: 'Requests answered, by method, route pattern and status, and how long each took',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  const pool = (sources.db as { $client?: unknown }).$client;
  if (pool instanceof pg.Pool) {
    new Gauge({
      name: 'cairn_db_pool_connections',
      help: 'Connections of the database pool, by state (in use, idle)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'idle' }, pool.idleCount);
      },
    });
    new Gauge({
      name: 'cairn_db_pool_waiting',
      help: 'Queries waiting for a connection of the database pool',
      registers: [registry],
      collect() {
        this.set(pool.waitingCount);
      },
    });
  }
  new Gauge({
    name: 'cairn_audit_queue_depth',
    help: 'Audit entries (reads) queued in this process and not written yet',
    registers: [registry],
    collect() {
      this.set(sources.auditBacklog());
    },
  });
  const auditWrites = new Histogram({
    name: 'cairn_audit_write_duration_seconds',
    help: "How long each turn of the audit writer took (moving the inbox, writing the queue's entries)",
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const auditFailures = new Counter({
    name: 'cairn_audit_write_failures_total',
    help: 'Turns of the audit writer that failed (their entries are kept for the next turn)',
    registers: [registry],
  });
  const reportReads = new Counter({
    name: 'cairn_report_reads_total',
    help: 'Report reads (dashboards, the ministry file, list exports), by where they read',
    labelNames: ['source'] as const,
    registers: [registry],
  });
  // Both series exist from the start, so a rate over them is never missing.
  reportReads.inc({ source: 'replica' }, 0);
  reportReads.inc({ source: 'primary' }, 0);
  const { reports } = sources;
  if (reports.configured) {
    new Gauge({
      name: 'cairn_replica_lag_seconds',
      help: 'How far the read replica is behind the primary, in seconds (NaN while it is unreachable or not streaming)',
      registers: [registry],
      async collect() {
        const state = await reports.state();
        this.set(state?.lagSeconds ?? Number.NaN);
      },
    });
  }
  const backupSuccess = new Gauge({
    name: 'cairn_backup_last_success_timestamp_seconds',
    help: 'When the last scheduled backup this process ran was written (Unix time, seconds)',
    registers: [registry],
  });
  const backupFailures = new Counter({
    name: 'cairn_backup_failures_total',
    help: 'Scheduled backups this process ran that failed (BACKUP_CRON)',
    registers: [registry],
  });
  return {
    registry,
    request(method, route, status, seconds) {
      requests.observe({ method, route, status_code: String(status) }, seconds);
    },
    auditWrite(seconds, failed) {
      auditWrites.observe(seconds);
      if (failed) auditFailures.inc();
    },
    reportRead(source) {
      reportReads.inc({ source });
    },
    backup(succeeded) {
      if (succeeded) backupSuccess.set(Date.now() / 1000);
      else backupFailures.inc();
    },
  };
}
