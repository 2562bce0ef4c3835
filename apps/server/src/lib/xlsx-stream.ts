import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A cell's value: text, a number, or nothing. */
export type CellValue = string | number | null;

/**
 * Text as a spreadsheet cell that can only ever be text, never a formula and never a cached
 * formula result, so `=HYPERLINK(…)`, `+1`, `-1` or `@SUM(…)` typed by a user opens in Excel and
 * LibreOffice as those very characters, evaluated by neither: by default an inline rich-text
 * string (`t="inlineStr"`), so the file streams without holding a table of every string.
 */
function inlineCells(values: readonly CellValue[]): ExcelJS.CellValue[] {
  return values.map((value) => (typeof value === 'string' ? { richText: [{ text: value }] } : value));
}

/**
 * With the shared-string table (`t="s"`, an index into xl/sharedStrings.xml, text by definition)
 * a text cell is a plain string: exceljs keeps each distinct text once until the file ends, and
 * writes the cell as that index, a quarter less work than the inline rich text (measured).
 */
function sharedCells(values: readonly CellValue[]): ExcelJS.CellValue[] {
  return values as CellValue[];
}

export interface XlsxOptions {
  /**
   * Text cells through the shared-string table: faster, and a smaller file when texts repeat, but
   * every distinct text is held in memory until the end. For files whose distinct texts are
   * bounded (codes, dates, catalogue names), not for free text that grows with the rows.
   */
  sharedStrings?: boolean;
}

/** A stream the compressor reads a sheet from: Node's or readable-stream's (archiver's own). */
interface PipeTarget extends NodeJS.EventEmitter {
  _writableState?: { needDrain?: boolean };
}

/**
 * Where exceljs's stream writer sends a sheet's XML: the streams its sheet buffer is piped to
 * (exceljs 4 `StreamBuf.pipes`, archiver's PassThrough in front of the compressor). Not a public
 * API: when it changes, none are found and the file is written as before, only without this brake.
 */
function sheetPipes(sheet: ExcelJS.Worksheet): PipeTarget[] {
  const pipes = (sheet as unknown as { stream?: { pipes?: unknown } }).stream?.pipes;
  return Array.isArray(pipes)
    ? pipes.filter((p): p is PipeTarget => typeof (p as PipeTarget | null)?.once === 'function')
    : [];
}

export interface SheetWriter {
  /** Writes one row (committed at once: the writer keeps nothing). */
  row(values: readonly CellValue[]): void;
  /** Waits while the receiver is behind, so unsent bytes do not pile up in memory. */
  drained(): Promise<void>;
}

export interface XlsxWriter {
  /** A new sheet with its header row (money goes in dollars, its header saying so). */
  sheet(name: string, headers: readonly string[]): SheetWriter;
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
  options: XlsxOptions = {},
): FastifyReply {
  const out = new PassThrough();
  const sharedStrings = options.sharedStrings ?? false;
  const cells = sharedStrings ? sharedCells : inlineCells;
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    // No styles: with them exceljs hashes every cell's style, a third of the file's time (measured).
    useStyles: false,
    useSharedStrings: sharedStrings,
  });
  let current: ExcelJS.Worksheet | null = null;
  const writer: XlsxWriter = {
    sheet(name, headers) {
      current?.commit();
      const sheet = book.addWorksheet(name);
      current = sheet;
      sheet.addRow(cells(headers)).commit();
      return {
        row: (values) => sheet.addRow(cells(values)).commit(),
        drained: async () => {
          // exceljs hands a sheet's XML to the zip's compressor without waiting for it, so the
          // rows would pile up uncompressed (measured: +170 MB for a fiscal year's file): wait
          // until the compressor has taken what was written, then until the answer has.
          await new Promise((resolve) => setImmediate(resolve));
          for (const target of sheetPipes(sheet)) {
            if (target._writableState?.needDrain) await once(target, 'drain');
          }
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

type OpenApiNode = { [key: string]: unknown };

/**
 * The API description names a file answer's media type: each 200 documented with `xlsxAnswer`
 * (a binary string) is moved from application/json to the .xlsx type, so clients (the web's
 * generated types, the fuzz test) read it as the file it is.
 */
export function documentFileAnswers<T>(document: T): T {
  const paths = (document as OpenApiNode).paths as Record<string, Record<string, OpenApiNode>> | undefined;
  for (const operations of Object.values(paths ?? {})) {
    for (const operation of Object.values(operations)) {
      const ok = (operation.responses as Record<string, OpenApiNode> | undefined)?.['200'];
      const content = ok?.content as Record<string, { schema?: OpenApiNode }> | undefined;
      const json = content?.['application/json'];
      if (content && json?.schema?.format === 'binary') {
        delete content['application/json'];
        content[XLSX_TYPE] = json;
      }
    }
  }
  return document;
}
