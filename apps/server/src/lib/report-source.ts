import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReportReads, ReportSource } from '../db/replica.ts';

/**
 * Where a report's read goes (db/replica.ts, docs/ARCHITECTURE.md "Read replica"): the dashboards,
 * the ministry file and the list exports, and nothing else. Each read is counted by its source
 * (`cairn_report_reads_total`); the audit entries of these reads are written by the audit trail
 * to the primary, as every entry is.
 */

/**
 * A JSON report read: on the replica when it is fresh enough, else on the primary. A read that
 * fails on the replica is read again on the primary at once (and the primary serves until the
 * next check), so a replica never turns into an error for the reader.
 */
export async function readReport<T>(
  reports: ReportReads,
  request: FastifyRequest,
  read: (source: ReportSource) => Promise<T>,
): Promise<T> {
  const source = await reports.source();
  if (source.from === 'replica') {
    try {
      const answer = await read(source);
      request.server.metrics.reportRead('replica');
      return answer;
    } catch (err) {
      request.log.warn({ code: (err as { code?: string }).code }, 'report read failed on the replica');
      reports.failed();
      const primary = await reports.source();
      request.server.metrics.reportRead('primary');
      return read(primary);
    }
  }
  request.server.metrics.reportRead('primary');
  return read(source);
}

/**
 * A file's source (a streamed spreadsheet, whose answer cannot be started again): chosen before
 * its first byte. A file read on the replica says how fresh it is in `X-Data-As-Of`.
 */
export async function reportFileSource(
  reports: ReportReads,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<ReportSource> {
  const source = await reports.source();
  request.server.metrics.reportRead(source.from);
  if (source.asOf) reply.header('X-Data-As-Of', source.asOf.toISOString());
  return source;
}

/** The answer's `data_as_of`: the replica's data time, or null when read from the primary. */
export const dataAsOf = (source: ReportSource): string | null => source.asOf?.toISOString() ?? null;
