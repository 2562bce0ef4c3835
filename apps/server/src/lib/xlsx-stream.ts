import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A cell's value: text, a number, or nothing. */
export type CellValue = string | number | null;

/**
 * A sheet's rows, its header included, are written as XML straight into the sheet's stream of
 * exceljs's WorkbookWriter (its `stream`, which the writer itself writes rows to), rather than
 * through exceljs's Row and Cell objects: those made a dozen objects and a cell model per cell, a
 * third of a fiscal year's ministry file's time and most of its garbage (measured; see
 * docs/performance.md). exceljs still writes everything else: the workbook, each sheet's frame,
 * the shared-string table and the zip.
 *
 * A text cell can only ever be text, never a formula nor a cached formula result, so
 * `=HYPERLINK(…)`, `+1`, `-1` or `@SUM(…)` typed by a user opens in Excel and LibreOffice as those
 * very characters, evaluated by neither: an index into the shared-string table (`t="s"`), or an
 * inline string (`t="inlineStr"`). A number is a number; nothing is no cell.
 */

/** The parts of exceljs's streaming writer the rows are written through (exceljs 4). */
interface BookInternals {
  sharedStrings?: { add(text: string): number };
}
interface SheetInternals {
  stream?: { write(xml: string | Buffer): unknown; pipes?: unknown };
}

function internals(book: ExcelJS.stream.xlsx.WorkbookWriter, sheet: ExcelJS.Worksheet) {
  const strings = (book as unknown as BookInternals).sharedStrings;
  const stream = (sheet as unknown as SheetInternals).stream;
  if (typeof strings?.add !== 'function' || typeof stream?.write !== 'function') {
    throw new Error('exceljs no longer has the shared strings or sheet stream the rows are written to');
  }
  return { strings, stream };
}

/** Column letters by index: A … Z, AA … */
function columnName(i: number): string {
  let name = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
// Characters XML 1.0 cannot carry (C0 controls but tab, newline and return; U+FFFE and U+FFFF).
// eslint-disable-next-line no-control-regex -- these very characters are what is removed
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const xmlText = (text: string): string => text.replace(NOT_XML, '').replace(/[&<>"]/g, (c) => ESCAPES[c]!);

/** One row's XML: `row` its number (the header is 1). */
function rowXml(
  row: number,
  values: readonly CellValue[],
  columns: string[],
  text: (value: string) => string,
): string {
  let xml = `<row r="${row}">`;
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (value === null || value === undefined) continue;
    columns[i] ??= columnName(i);
    if (typeof value === 'number') {
      if (Number.isFinite(value)) xml += `<c r="${columns[i]}${row}"><v>${value}</v></c>`;
    } else {
      xml += `<c r="${columns[i]}${row}"${text(value)}</c>`;
    }
  }
  return `${xml}</row>`;
}

/** The size of the buffers a sheet's rows are encoded into. */
const CHUNK = 65_536;

/** A text cell's type and content: an index into the shared-string table, or the text inline. */
const sharedText =
  (strings: { add(text: string): number }) =>
  (value: string): string =>
    ` t="s"><v>${strings.add(value)}</v>`;
const inlineText = (value: string): string =>
  ` t="inlineStr"><is><t xml:space="preserve">${xmlText(value)}</t></is>`;

export interface XlsxOptions {
  /**
   * Text cells through the shared-string table: a smaller file when texts repeat, but every
   * distinct text is held in memory until the end. For files whose distinct texts are bounded
   * (codes, dates, catalogue names), not for free text that grows with the rows.
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
  const pipes = (sheet as unknown as SheetInternals).stream?.pipes;
  return Array.isArray(pipes)
    ? pipes.filter((p): p is PipeTarget => typeof (p as PipeTarget | null)?.once === 'function')
    : [];
}

export interface SheetWriter {
  /** Writes one row (encoded into a 64 KB buffer, sent when it is full, on `drained` or at the next sheet). */
  row(values: readonly CellValue[]): void;
  /** Sends the rows written so far, then waits while the receiver is behind, so unsent bytes do not pile up in memory. */
  drained(): Promise<void>;
}

export interface XlsxWriter {
  /** A new sheet with its header row (money goes in dollars, its header saying so). */
  sheet(name: string, headers: readonly string[]): SheetWriter;
  /** Finishes the file. */
  finish(): Promise<void>;
}

/**
 * An .xlsx written into `out` while it is built (exceljs's streaming WorkbookWriter): sheet after
 * sheet, then `finish`, which ends `out`. Each sheet's `drained` waits while `out` is behind.
 */
export function xlsxInto(out: Writable, options: XlsxOptions = {}): XlsxWriter {
  const sharedStrings = options.sharedStrings ?? false;
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    // No styles: with them exceljs hashes every cell's style, a third of the file's time (measured).
    useStyles: false,
    useSharedStrings: sharedStrings,
  });
  let current: { sheet: ExcelJS.Worksheet; flush(): void } | null = null;
  return {
    sheet(name, headers) {
      current?.flush();
      current?.sheet.commit();
      const sheet = book.addWorksheet(name);
      // An empty first row committed through exceljs opens the sheet's data and writes nothing;
      // then every row, the header first, as XML (above).
      sheet.addRow([]).commit();
      const { strings, stream } = internals(book, sheet);
      const text = sharedStrings ? sharedText(strings) : inlineText;
      const columns: string[] = [];
      let next = 1;
      // Rows are encoded into a 64 KB buffer and go to the sheet's stream a buffer at a time: each
      // row's text dies young. Held as one string per batch of rows, it outlived the young
      // generation and the heap grew by 150 MB (measured).
      let buffer = Buffer.allocUnsafe(CHUNK);
      let used = 0;
      const flush = () => {
        if (used) stream.write(buffer.subarray(0, used));
        buffer = Buffer.allocUnsafe(CHUNK);
        used = 0;
      };
      const row = (values: readonly CellValue[]) => {
        const xml = rowXml(next++, values, columns, text);
        // A UTF-16 unit takes at most three bytes in UTF-8.
        if (used + xml.length * 3 > CHUNK) flush();
        if (xml.length * 3 > CHUNK) stream.write(xml);
        else used += buffer.write(xml, used);
      };
      row(headers);
      current = { sheet, flush };
      return {
        row,
        drained: async () => {
          flush();
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
      current?.flush();
      current?.sheet.commit();
      await book.commit();
    },
  };
}

/**
 * Answers an .xlsx built while it is sent (xlsxInto): `fileName` (without extension) in
 * Content-Disposition, then `build` writes sheet after sheet. Headers leave before the first row;
 * a failure after that cuts the answer short (the browser reports an incomplete download) and is
 * logged without data.
 */
export function sendXlsx(
  request: FastifyRequest,
  reply: FastifyReply,
  fileName: string,
  build: (xlsx: XlsxWriter) => Promise<void>,
  options: XlsxOptions = {},
): FastifyReply {
  const out = new PassThrough();
  const writer = xlsxInto(out, options);
  build(writer).catch((err: unknown) => {
    request.log.error({ code: (err as { code?: string }).code }, 'spreadsheet failed while streaming');
    out.destroy(err instanceof Error ? err : new Error('spreadsheet failed'));
  });
  return attachmentOf(reply, `${fileName}.xlsx`).send(out);
}

/** The answer's type and Content-Disposition for an .xlsx saved as `name` (extension included). */
export function attachmentOf(reply: FastifyReply, name: string): FastifyReply {
  const encoded = encodeURIComponent(name);
  return reply
    .type(XLSX_TYPE)
    .header('Content-Disposition', `attachment; filename="${name}"; filename*=UTF-8''${encoded}`);
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
