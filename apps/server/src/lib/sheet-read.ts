import type { Readable } from 'node:stream';
import { xlsxWorksheets } from './xlsx-reader.ts';

/**
 * Reads a spreadsheet's rows (issue 31's import), memory bounded whatever the number of rows: an
 * .xlsx's compressed bytes are held (at most the upload's limit) and opened by its zip's directory,
 * its first sheet read row by row (xlsx-reader.ts); a .csv is read as it arrives by a small RFC 4180
 * reader below. Every cell is text or null: a formula cell is its formula as written
 * (`=SUM(A1:A2)`), never its result; a date cell is YYYY-MM-DD; a number as JavaScript writes it;
 * a Yes/No cell Yes or No.
 */
export type SheetRow = Array<string | null>;
export type SheetKind = 'xlsx' | 'csv';

/** The kind of a file by its name's extension, or null. */
export function sheetKindOf(fileName: string): SheetKind | null {
  const ext = /\.([a-z]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (ext === 'xlsx') return 'xlsx';
  if (ext === 'csv' || ext === 'txt') return 'csv';
  return null;
}

export function readSheetRows(kind: SheetKind, input: Readable, maxColumns: number): AsyncIterable<SheetRow> {
  return kind === 'xlsx' ? readXlsx(input, maxColumns) : readCsv(input, maxColumns);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** One xlsx cell's value as text. */
export function cellText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  }
  if (typeof value === 'object') {
    const v = value as {
      formula?: unknown;
      sharedFormula?: unknown;
      richText?: unknown;
      text?: unknown;
      error?: unknown;
    };
    if (typeof v.formula === 'string') return `=${v.formula}`;
    if (typeof v.sharedFormula === 'string') return `=${v.sharedFormula}`;
    if (Array.isArray(v.richText))
      return v.richText.map((r: { text?: unknown }) => String(r.text ?? '')).join('');
    if (typeof v.text === 'string') return v.text;
    if (typeof v.error === 'string') return v.error;
  }
  return null;
}

async function* readXlsx(input: Readable, maxColumns: number): AsyncIterable<SheetRow> {
  const sheets = xlsxWorksheets(input, {
    sharedStrings: 'cache',
    // Styles tell a date cell from a number.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  // The first sheet in tab order alone; the others are never read.
  for await (const sheet of sheets) {
    let expected = 1;
    for await (const row of sheet) {
      // Blank rows between are rows too (their numbers are the file's).
      for (; expected < row.number; expected++) yield [];
      expected = row.number + 1;
      const values = row.values as unknown[];
      const cells: SheetRow = [];
      for (let i = 1; i < Math.min(values.length, maxColumns + 1); i++) cells.push(cellText(values[i]));
      yield cells;
    }
    return;
  }
}

/** The delimiter of a CSV file from its first line: the commonest of comma, semicolon and tab. */
function delimiterOf(firstLine: string): string {
  const count = (c: string) => firstLine.split(c).length;
  return [',', ';', '\t'].reduce((best, c) => (count(c) > count(best) ? c : best), ',');
}

/** RFC 4180 CSV, UTF-8 (a BOM skipped), quoted fields with doubled quotes and line breaks. */
async function* readCsv(input: Readable, maxColumns: number): AsyncIterable<SheetRow> {
  const decoder = new TextDecoder('utf-8');
  let delimiter: string | null = null;
  let field = '';
  let row: SheetRow = [];
  let quoted = false;
  let afterQuote = false;
  let pending = '';
  const endField = () => {
    if (row.length < maxColumns) row.push(field === '' && !afterQuote ? null : field);
    field = '';
    afterQuote = false;
  };
  const rows: SheetRow[] = [];
  const take = (text: string) => {
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (quoted) {
        if (c === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i++;
          } else if (i + 1 === text.length) {
            // A quote at the chunk's end: the next chunk says whether it is doubled.
            pending = '"';
            return;
          } else {
            quoted = false;
            afterQuote = true;
          }
        } else field += c;
      } else if (c === '"' && field === '') quoted = true;
      else if (c === delimiter) endField();
      else if (c === '\n' || c === '\r') {
        if (c === '\r' && text[i + 1] === '\n') i++;
        else if (c === '\r' && i + 1 === text.length) {
          pending = '\r';
          return;
        }
        endField();
        rows.push(row);
        row = [];
      } else field += c;
    }
  };
  let start = true;
  for await (const chunk of input as AsyncIterable<Buffer>) {
    let text = pending + decoder.decode(chunk, { stream: true });
    pending = '';
    if (start) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      start = false;
    }
    if (delimiter === null) {
      const end = text.search(/[\r\n]/);
      if (end < 0 && text.length < 65536) {
        pending = text;
        continue;
      }
      delimiter = delimiterOf(end < 0 ? text : text.slice(0, end));
    }
    take(text);
    yield* rows.splice(0);
  }
  const rest = pending + decoder.decode();
  pending = '';
  if (delimiter === null) delimiter = delimiterOf(rest.split(/[\r\n]/)[0] ?? '');
  take(rest);
  if (pending === '"') {
    quoted = false;
    afterQuote = true;
  } else if (pending === '\r') pending = '';
  if (field !== '' || row.length > 0 || afterQuote) {
    endField();
    rows.push(row);
  }
  yield* rows.splice(0);
}
