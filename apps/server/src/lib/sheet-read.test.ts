import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { cellText, readSheetRows, sheetKindOf, type SheetRow } from './sheet-read.ts';

async function rowsOf(kind: 'csv' | 'xlsx', chunks: Buffer[], maxColumns = 100): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  for await (const row of readSheetRows(kind, Readable.from(chunks), maxColumns)) rows.push(row);
  return rows;
}

const CSV = '\uFEFFname;note;n\r\n"Zoé ""Z"" Tremblay";"two\nlines";1\r\nBo;;"x;y"\r\nlast;"";\n';
const EXPECTED: SheetRow[] = [
  ['name', 'note', 'n'],
  ['Zoé "Z" Tremblay', 'two\nlines', '1'],
  ['Bo', null, 'x;y'],
  ['last', '', null],
];

describe('sheet-read: CSV', () => {
  it('reads quotes, doubled quotes, line breaks in quotes, a BOM and the semicolon delimiter', async () => {
    expect(await rowsOf('csv', [Buffer.from(CSV)])).toEqual(EXPECTED);
  });

  it('reads the same wherever the file is cut into chunks (a character, a quote or a CR LF split)', async () => {
    const bytes = Buffer.from(CSV);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await rowsOf('csv', [bytes.subarray(0, cut), bytes.subarray(cut)]), `cut at ${cut}`).toEqual(
        EXPECTED,
      );
    }
    const oneByOne = [...bytes].map((b) => Buffer.from([b]));
    expect(await rowsOf('csv', oneByOne)).toEqual(EXPECTED);
  });

  it('keeps at most maxColumns cells, and a last line without a line break', async () => {
    expect(await rowsOf('csv', [Buffer.from('a,b,c\n1,2,3')], 2)).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });
});

describe('sheet-read: xlsx', () => {
  it('reads the first sheet streamed: text, numbers, dates, booleans, formulas as written, rich text', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('One');
    sheet.addRow(['a', 'b', 'c', 'd', 'e', 'f']);
    const row = sheet.addRow([
      'text',
      42,
      new Date(Date.UTC(2024, 2, 5)),
      true,
      { formula: 'SUM(B2:B2)', result: 42 },
      { richText: [{ text: 'ri' }, { text: 'ch' }] },
    ]);
    row.getCell(3).numFmt = 'yyyy-mm-dd';
    sheet.addRow([]);
    sheet.addRow(['after a blank']);
    book.addWorksheet('Two').addRow(['not read']);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    expect(await rowsOf('xlsx', [bytes])).toEqual([
      ['a', 'b', 'c', 'd', 'e', 'f'],
      ['text', '42', '2024-03-05', 'Yes', '=SUM(B2:B2)', 'rich'],
      [],
      ['after a blank'],
    ]);
  });

  it('reads the first sheet in tab order, every time, whatever order the zip stores its parts in', async () => {
    // exceljs stores the shared strings and the workbook after the sheets; its one-pass streaming
    // reader now and then lost them on Node.js 24 (exceljs issue 3064, about 1 read in 200 here).
    const book = new ExcelJS.Workbook();
    const first = book.addWorksheet('Added first');
    first.addRow(['second tab']);
    const second = book.addWorksheet('Added second');
    second.addRow(['Prénom *', 'Nom de famille *']);
    second.addRow(['Zélie', 'Gabarit']);
    // The tabs in the other order (exceljs's own property, not in its types).
    Object.assign(first, { orderNo: 1 });
    Object.assign(second, { orderNo: 0 });
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const expected = [
      ['Prénom *', 'Nom de famille *'],
      ['Zélie', 'Gabarit'],
    ];
    for (let i = 0; i < 300; i++) {
      // As an upload arrives: in one piece, the reader paused a moment after each row (a batch stored).
      const upload = new PassThrough();
      upload.end(bytes);
      const rows: SheetRow[] = [];
      for await (const row of readSheetRows('xlsx', upload, 10)) {
        rows.push(row);
        await new Promise((resolve) => setTimeout(resolve, i % 3));
      }
      expect(rows).toEqual(expected);
    }
  });

  it('refuses bytes that are not an xlsx', async () => {
    await expect(rowsOf('xlsx', [Buffer.from('not a zip at all')])).rejects.toThrow();
  });

  it('names the kind of a file by its extension', () => {
    expect([sheetKindOf('a.XLSX'), sheetKindOf('b.csv'), sheetKindOf('c.txt'), sheetKindOf('d.xls')]).toEqual(
      ['xlsx', 'csv', 'csv', null],
    );
    expect(cellText({ error: '#REF!' })).toBe('#REF!');
  });
});
