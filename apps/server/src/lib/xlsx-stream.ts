import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A cell's value: text, a number, or nothing. */
export type CellValue = string | number | null;

/**
 * Text as a spreadsheet cell that can only ever be text: an inline rich-text string (`t="inlineStr"`),
 * never a formula and never a cached formula result, so `=HYPERLINK(…)`, `+1`, `-1` or `@SUM(…)`
 * typed by a user opens in Excel and LibreOffice as those very characters, evaluated by neither.
 * Inline, not shared, strings: the file streams without holding a table of every string.
 */
function cell(value: CellValue): ExcelJS.CellValue {
  if (value === null) return null;
  if (typeof value === 'number') return value;
  return { richText: [{ text: value }] };
}

export interface SheetWriter {
  /** Writes one row (committed at once: the writer keeps nothing). */
  row(values: readonly CellValue[]): void;
  /** Waits while the receiver is behind, so unsent bytes do not pile up in memory. */
  drained(): Promise<void>;
}

export interface XlsxWriter {
  /** A new sheet with its header row; columns whose index is in `money` show dollars ($1,234.56). */
  sheet(name: string, headers: readonly string[], money?: readonly number[]): SheetWriter;
  /** Finishes the file. */
  finish(): Promise<void>;
}

/**
 * Answers an .xlsx built while it is sent (exceljs's streaming WorkbookWriter): `fileName`
 * (without extension) in Content-Disposition, then `build` writes sheet after sheet. Headers
 * leave before the first row; a failure after that cuts the answer short (the browser reports an
 * incomplete download) and is logged without data.
 */
export function sendXlsx(
  request: FastifyRequest,
  reply: FastifyReply,
  fileName: string,
  build: (xlsx: XlsxWriter) => Promise<void>,
): FastifyReply {
  const out = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  let current: ExcelJS.Worksheet | null = null;
  const writer: XlsxWriter = {
    sheet(name, headers, money = []) {
      current?.commit();
      const sheet = book.addWorksheet(name);
      current = sheet;
      money.forEach((index) => {
        sheet.getColumn(index + 1).numFmt = '"$"#,##0.00';
      });
      sheet.addRow(headers.map(cell)).commit();
      return {
        row: (values) => sheet.addRow(values.map(cell)).commit(),
        drained: async () => {
          if (out.writableNeedDrain) await once(out, 'drain');
        },
      };
    },
    async finish() {
      current?.commit();
      await book.commit();
    },
  };
  build(writer).catch((err: unknown) => {
    request.log.error({ code: (err as { code?: string }).code }, 'spreadsheet failed while streaming');
    out.destroy(err instanceof Error ? err : new Error('spreadsheet failed'));
  });
  const encoded = encodeURIComponent(`${fileName}.xlsx`);
  return reply
    .type(XLSX_TYPE)
    .header('Content-Disposition', `attachment; filename="${fileName}.xlsx"; filename*=UTF-8''${encoded}`)
    .send(out);
}

/** How a route documents its .xlsx answer (the bytes of the file). */
export const xlsxAnswer = z
  .string()
  .meta({ type: 'string', format: 'binary', description: `An .xlsx file (${XLSX_TYPE}).` });
