import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { expect } from 'vitest';

/** Spreadsheets read back as Excel reads them, for the tests of every .xlsx the app writes. */

/** A file read back as Excel would: each sheet's rows as plain values (rich text as its text). */
export async function readBack(bytes: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheets: Record<string, unknown[][]> = {};
  const types: ExcelJS.ValueType[] = [];
  book.eachSheet((sheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow({ includeEmpty: false }, (row) => {
      const values: unknown[] = [];
      row.eachCell({ includeEmpty: true }, (cell, col) => {
        types.push(cell.type);
        const v = cell.value as unknown;
        values[col - 1] =
          v && typeof v === 'object' && 'richText' in v
            ? (v as ExcelJS.CellRichTextValue).richText.map((r) => r.text).join('')
            : v;
      });
      rows.push(Array.from(values, (v) => v ?? null));
    });
    sheets[sheet.name] = rows;
  });
  return { sheets, types };
}

/**
 * The raw XML of every sheet, then of the shared strings if the file has them: a formula would be
 * an <f> element, a cached formula result a cell of type "str".
 */
export async function sheetXml(bytes: Buffer): Promise<string> {
  const zip = await JSZip.loadAsync(bytes);
  const names = Object.keys(zip.files).filter((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n));
  expect(names.length).toBeGreaterThan(0);
  if (zip.file('xl/sharedStrings.xml')) names.push('xl/sharedStrings.xml');
  return (await Promise.all(names.map((n) => zip.file(n)!.async('string')))).join('\n');
}
