import { hasClientListFilter, type ClientListFilter } from '@cairn/shared/client-list-filters';
import type { ClientListItem, ClientSort } from '@cairn/shared/clients.schemas';
import type { Locale } from '@cairn/shared/locales';
import { wordsIn } from '@cairn/shared/wording';
import { callerLocale, fileWords } from '../../plugins/language.ts';
import { todayIso } from '@cairn/shared/dates';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { forEachBatch, inSnapshot } from '../../db/cursor.ts';
import type { Db } from '../../db/database.ts';
import { sendXlsx } from '../../lib/xlsx-stream.ts';
import type { Scope } from '../access/access.policy.ts';
import { listClientsSql } from './clients-list.repository.ts';
import { listFilterOf, listOrder, searchWords } from './clients.service.ts';
import { auditNote } from '../audit/audit.policy.ts';

const COLUMNS = [
  'client_id',
  'full_name',
  'email',
  'phone',
  'centre_name',
  'worker_name',
  'recent_plan_status',
  'updated_at',
] as const;

/** Every row of the list statement: one page as long as any list can be. */
const WHOLE_LIST = 2147483647;

export interface ExportQuery extends ClientListFilter {
  sort_by?: ClientSort | undefined;
  sort_desc?: boolean | undefined;
  s?: string | undefined;
  /** The file's language (`?lang=`), else the caller's. */
  lang?: Locale | undefined;
}

/**
 * GET /clients/export: the client list as the screen shows it (the same search, filters, sort and scope,
 * by the very statement of GET /clients) but whole, as a streamed .xlsx, its sheet name, headers
 * and the plan status's label in `q.lang` or the caller's language. No SIN.
 */
export function exportClients(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: Scope,
  q: ExportQuery,
  worker?: number | null,
) {
  const searched = searchWords(q.s);
  const sort = listOrder(q.sort_by, searched);
  const query = listClientsSql(scope, {
    sort,
    desc: q.sort_desc ?? sort === 'updated_at',
    words: searched,
    filter: listFilterOf(q),
    worker,
    limit: WHOLE_LIST,
    offset: 0,
    // Every match of a search, best first: the file is the whole list.
    cap: WHOLE_LIST,
  });
  const words = fileWords(request, q.lang);
  const { choice } = wordsIn(q.lang ?? callerLocale(request));
  // The one stored choice of the list, its label in the file's language.
  const cellOf = (row: Partial<ClientListItem>, c: (typeof COLUMNS)[number]) => {
    const v = row[c] ?? null;
    return c === 'recent_plan_status' && typeof v === 'string' ? choice('plan_status', v) : v;
  };
  const fileName = words('clients.fileName', { date: todayIso() });
  return sendXlsx(request, reply, fileName, (xlsx) =>
    inSnapshot(db, async (tx) => {
      const sheet = xlsx.sheet(
        words('clients.sheet'),
        COLUMNS.map((c) => words(`clients.${c}`)),
      );
      let written = 0;
      await forEachBatch<Partial<ClientListItem>>(tx, query, async (rows) => {
        for (const row of rows) {
          // The statement answers one row of nulls for an empty list (it carries the total).
          if (row.client_id === null || row.client_id === undefined) continue;
          sheet.row(COLUMNS.map((c) => cellOf(row, c)));
          written++;
        }
        await sheet.drained();
      });
      // The audit entry: the sort and the row count, never the search text (it may hold a SIN).
      auditNote(request, {
        details: {
          // The order the file was written in: a column, or best_match for a search by default.
          sort_by: sort,
          sort_desc: q.sort_desc ?? null,
          searched: Boolean(q.s),
          filtered: hasClientListFilter(q) || worker !== undefined,
          rows: written,
        },
      });
      await xlsx.finish();
    }),
  );
}
