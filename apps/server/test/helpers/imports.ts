import ExcelJS from 'exceljs';
import { multipart } from './attachments.ts';
import type { DemoUserKey, TestApp } from './test-app.ts';

export type Cell = string | number | boolean | Date | null | { formula: string; result?: unknown };

/** An .xlsx of one sheet: the header row, then the rows, written by exceljs as a user's file would be. */
export async function xlsxOf(headers: string[], rows: Cell[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('People');
  sheet.addRow(headers);
  for (const row of rows) {
    const added = sheet.addRow(row.map((c) => (c === null ? undefined : c)));
    row.forEach((c, i) => {
      if (c instanceof Date) added.getCell(i + 1).numFmt = 'yyyy-mm-dd';
    });
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A CSV file's text. */
export function csvOf(lines: string[][], delimiter = ','): string {
  const quote = (v: string) => (/[",;\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return lines.map((l) => l.map(quote).join(delimiter)).join('\r\n') + '\r\n';
}

/** POST /imports with the form's fields first, then the file. */
export function uploadImport(
  t: TestApp,
  as: DemoUserKey,
  file: { filename: string; content: Buffer | string },
  fields: Record<string, string> = {},
) {
  const form = multipart([
    ...Object.entries({ kind: 'clients', ...fields }).map(([name, content]) => ({ name, content })),
    { name: 'file', ...file },
  ]);
  return t.call('POST', '/api/imports', {
    as,
    body: form.payload,
    headers: { 'content-type': form.contentType },
  });
}

/** A workbook read back from bytes. */
export async function readBook(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book;
}

/** The text rows of a sheet (the header first). */
export function sheetRows(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** A complete row for the template's headers: what an intake needs. */
export const PERSON_HEADERS = [
  'first_name',
  'last_name',
  'date_of_birth',
  'sin',
  'disability',
  'citizenship',
  'indigenous',
  'consent',
];
