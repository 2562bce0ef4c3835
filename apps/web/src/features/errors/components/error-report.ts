import type { TFunction } from 'i18next';
import { APP_VERSION } from '@cairn/shared/limits';
import type { FailedRequest } from '../../../lib/failed-request.ts';
import { describeUserAgent } from './client-environment.ts';

/** What the error page's log shows and what support receives (spec §2 Error page). */
export interface ErrorReport {
  version: string;
  timestamp: string;
  browser: string | null;
  os: string | null;
  previousUrl: string | null;
  request: FailedRequest | null;
}

export function buildErrorReport(input: {
  previousUrl: string;
  request: FailedRequest | null;
  now: Date;
  userAgent: string;
}): ErrorReport {
  const { browser, os } = describeUserAgent(input.userAgent);
  return {
    version: APP_VERSION,
    timestamp: input.now.toISOString(),
    browser,
    os,
    previousUrl: input.previousUrl || null,
    request: input.request,
  };
}

/** Label and value pairs of the report, in display order; 'none' where nothing failed. */
export function reportRows(report: ErrorReport, t: TFunction<'errors'>): Array<[string, string]> {
  const none = t('log.none');
  const unknown = t('log.unknown');
  const rows: Array<[string, string]> = [
    [t('log.version'), report.version],
    [t('log.timestamp'), report.timestamp],
    [t('log.browser'), report.browser ?? unknown],
    [t('log.os'), report.os ?? unknown],
    [t('log.previousUrl'), report.previousUrl ?? none],
  ];
  if (!report.request) return [...rows, [t('log.request'), none]];
  return [
    ...rows,
    [t('log.method'), report.request.method],
    [t('log.url'), report.request.url],
    [t('log.status'), String(report.request.status)],
    [t('log.message'), report.request.message || none],
  ];
}

export function reportText(rows: Array<[string, string]>): string {
  return rows.map(([label, value]) => `${label}: ${value}`).join('\n');
}
