import { z } from 'zod';
import { message } from './messages.ts';
import { isIsoDate } from './dates.ts';
import { nameSchemas } from './api-names.ts';
import { LOCALES } from './locales.ts';
import { fileLanguage, isoDate, isoDateTime } from './validators.ts';

/**
 * Spec §2 Reports, §7 Reporting and §9: the six dashboards, their links, the data an embedded
 * dashboard draws, and the ministry spreadsheet's range.
 */
export const DASHBOARDS = [
  'clients',
  'client_interactions',
  'plans',
  'outcomes',
  'supports_trainings',
  'stories',
] as const;
export type Dashboard = (typeof DASHBOARDS)[number];

export const REPORTING_LIMITS = {
  /** Spec §9: a dashboard link lives ten minutes. */
  linkSeconds: 600,
  /** The widest range a dashboard or the ministry spreadsheet answers, in years. */
  rangeYearsMax: 10,
  /** The latest stories a stories dashboard lists. */
  latestStories: 10,
  /** The most common barriers a plans dashboard lists. */
  topBarriers: 10,
} as const;

/** `centre_id` -1 asks for every centre (Admins and Reporters); a Coordinator's is always their own. */
export const ALL_CENTRES = -1;

/** A required YYYY-MM-DD date of a report's range (it may lie in the future: a fiscal year's end). */
const rangeDate = z
  .string({ error: message('required') })
  .trim()
  .min(1, message('required'))
  .refine(isIsoDate, message('date'))
  .meta({ type: 'string', format: 'date' });

/** A range whose start is not after its end, and at most REPORTING_LIMITS.rangeYearsMax long. */
function checkRange(start: string, end: string, ctx: z.RefinementCtx, endPath: string) {
  if (!isIsoDate(start) || !isIsoDate(end)) return;
  if (start > end) {
    ctx.addIssue({ code: 'custom', path: [endPath], message: message('dateRangeReversed') });
    return;
  }
  const limit = `${Number(start.slice(0, 4)) + REPORTING_LIMITS.rangeYearsMax}${start.slice(4)}`;
  if (end >= limit) {
    ctx.addIssue({
      code: 'custom',
      path: [endPath],
      message: message('dateRangeTooLong', { years: REPORTING_LIMITS.rangeYearsMax }),
    });
  }
}

/** POST /reporting/dashboard-links. */
export const dashboardLinkBodySchema = z
  .object({
    dashboard: z.enum(DASHBOARDS, { error: message('choice') }),
    start_date: rangeDate,
    end_date: rangeDate,
    centre_id: z
      .number({ error: message('required') })
      .int()
      .min(ALL_CENTRES)
      .max(2147483647),
  })
  .superRefine((b, ctx) => checkRange(b.start_date, b.end_date, ctx, 'end_date'));
export type DashboardLinkBody = z.input<typeof dashboardLinkBodySchema>;

export const dashboardLinkSchema = z.object({
  /** `/embed/dashboard/<token>`: Cairn's own page that draws the dashboard. */
  url: z.string(),
  expires_at: z.string(),
});
export type DashboardLink = z.infer<typeof dashboardLinkSchema>;

/**
 * One bar, slice or cell of a chart. `key` is a stable code (an age band such as `25-34`, a
 * month `YYYY-MM`, `yes`/`no`/`unknown`) or a catalogue id; `label`, when present, is text from
 * the database (a catalogue or centre name) shown as it is, and when absent the screen translates
 * the key. `group` splits a series in two dimensions (a month by interaction type).
 */
export const seriesPointSchema = z.object({
  key: z.string(),
  label: z.string().optional(),
  group: z.string().optional(),
  value: z.number(),
});
export type SeriesPoint = z.infer<typeof seriesPointSchema>;

/** A row of a dashboard's list (the latest stories): plain values, shown as they are. */
export const dashboardListRowSchema = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));

/** GET /embed/dashboard/<token>: what the token's dashboard draws, computed on the server. */
export const dashboardDataSchema = z.object({
  dashboard: z.enum(DASHBOARDS),
  params: z.object({
    start_date: z.string(),
    end_date: z.string(),
    centre_id: z.number(),
    /** The centre's name, or null for all centres. */
    centre_name: z.string().nullable(),
  }),
  figures: z.record(z.string(), z.number()),
  series: z.record(z.string(), z.array(seriesPointSchema)),
  lists: z.record(z.string(), z.array(dashboardListRowSchema)),
  /**
   * When the figures were read from the read replica: the time its data is as of (ISO date-time,
   * UTC); null when they were read from the primary database, which is current.
   */
  data_as_of: z.iso.datetime().nullable(),
});
export type DashboardData = z.infer<typeof dashboardDataSchema>;

/** GET /reporting/ministry-report?start&end. */
export const ministryReportQuerySchema = z
  .object({ start: rangeDate, end: rangeDate, lang: fileLanguage })
  .superRefine((q, ctx) => checkRange(q.start, q.end, ctx, 'end'));
export type MinistryReportQuery = z.input<typeof ministryReportQuerySchema>;

/** POST /reporting/ministry-files: the range and the file's language, as the streamed file's query. */
export const ministryFileBodySchema = ministryReportQuerySchema;

/** What a ministry file built in the background is at (issue 33). */
export const MINISTRY_FILE_STATUSES = ['running', 'ready', 'failed'] as const;
export type MinistryFileStatus = (typeof MINISTRY_FILE_STATUSES)[number];

export const MINISTRY_FILE_LIMITS = {
  /** A file is kept this long after it was asked for, then removed (the daily clean-up). */
  keptHours: 24,
  /** The files a user's list shows, newest first. */
  listed: 10,
} as const;

/** A ministry file built in the background: its range, its progress, then its size once ready. */
export const ministryFileSchema = z.object({
  id: z.number().int(),
  start: isoDate,
  end: isoDate,
  lang: z.enum(LOCALES),
  status: z.enum(MINISTRY_FILE_STATUSES),
  /** Why a failed file failed: an error code (ministry_file_interrupted, ministry_file_failed). */
  failure: z.string().nullable(),
  rows_written: z.number().int().describe("Rows written so far, every sheet's together."),
  rows_total: z
    .number()
    .int()
    .nullable()
    .describe("The rows the file will hold, every sheet's together; null until counted."),
  file_name: z.string().describe('The name it is saved under, .xlsx included.'),
  size: z.number().int().nullable().describe("The file's bytes once ready, else null."),
  data_as_of: isoDateTime.nullable().describe('Read from the read replica: the time its data is as of.'),
  created_at: isoDateTime,
  finished_at: isoDateTime.nullable(),
  expires_at: isoDateTime,
});
export type MinistryFile = z.infer<typeof ministryFileSchema>;

export const ministryFileListSchema = z.object({ items: z.array(ministryFileSchema) });
export type MinistryFileList = z.infer<typeof ministryFileListSchema>;

// Names in the API description's components.schemas (api-names.ts).
nameSchemas({
  DashboardLinkBody: dashboardLinkBodySchema,
  DashboardLink: dashboardLinkSchema,
  SeriesPoint: seriesPointSchema,
  DashboardListRow: dashboardListRowSchema,
  DashboardData: dashboardDataSchema,
  MinistryFile: ministryFileSchema,
  MinistryFileList: ministryFileListSchema,
});
