import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { readBack, sheetXml } from '../../test/helpers/xlsx.ts';
import { sendXlsx, type CellValue } from './xlsx-stream.ts';

/** A file made by sendXlsx through a real Fastify answer, with its sheets' rows. */
async function made(sheets: Record<string, CellValue[][]>, sharedStrings: boolean) {
  const app = Fastify();
  app.get('/file', (request, reply) =>
    sendXlsx(
      request,
      reply,
      'file',
      async (xlsx) => {
        for (const [name, [headers, ...rows]] of Object.entries(sheets)) {
          const sheet = xlsx.sheet(name, headers as string[]);
          for (const row of rows) sheet.row(row);
          await sheet.drained();
        }
        await xlsx.finish();
      },
      { sharedStrings },
    ),
  );
  const res = await app.inject({ method: 'GET', url: '/file' });
  await app.close();
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

const WIDE = Array.from({ length: 30 }, (_, i) => `c${i}`);
const HOSTILE = [
  '=HYPERLINK("http://x","y")',
  '+1',
  '-1',
  '@SUM(A1)',
  '<b>&"\'</b>',
  '  spaced  ',
  'é ü 中 😀',
];

describe('sendXlsx', () => {
  for (const sharedStrings of [true, false]) {
    it(`writes text, numbers and gaps as Excel reads them back (${sharedStrings ? 'shared' : 'inline'} strings)`, async () => {
      const long = 'x'.repeat(70_000);
      const bytes = await made(
        {
          First: [['a', 'b', 'c'], HOSTILE, [1, null, 2.5], [null, 'only b', null], [long, -3, 0]],
          Wide: [WIDE, WIDE.map((c, i) => (i % 2 ? i : `v${c}`))],
          Empty: [['header only']],
        },
        sharedStrings,
      );
      const { sheets, types } = await readBack(bytes);
      expect(Object.keys(sheets)).toEqual(['First', 'Wide', 'Empty']);
      expect(sheets.First).toEqual([
        ['a', 'b', 'c'],
        HOSTILE,
        [1, null, 2.5],
        [null, 'only b'],
        [long, -3, 0],
      ]);
      // Columns past Z are AA, AB…: the 30th value lands in the 30th column.
      expect(sheets.Wide![1]).toHaveLength(30);
      expect(sheets.Wide![1]![29]).toBe(29);
      expect(sheets.Wide![1]![26]).toBe('vc26');
      expect(sheets.Empty).toEqual([['header only']]);
      const kinds = new Set(types.filter((type) => type !== ExcelJS.ValueType.Null));
      expect([...kinds].sort()).toEqual([ExcelJS.ValueType.Number, ExcelJS.ValueType.String].sort());

      // No formula, no cached formula result, in the sheets' XML.
      expect(await sheetXml(bytes)).not.toMatch(/<f>|t="str"/);
    });
  }

  it('leaves out what XML cannot carry and numbers that are not finite', async () => {
    const { sheets } = await readBack(
      await made({ S: [['h'], ['a\u0000b\u0007c\td\ne'], [Number.NaN, Number.POSITIVE_INFINITY, 7]] }, false),
    );
    expect(sheets.S).toEqual([['h'], ['abc\td\ne'], [null, null, 7]]);
  });

  it('writes many rows across many buffers in order', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => [i, `row ${i}`, `é${i % 7}`]);
    const { sheets } = await readBack(await made({ Many: [['n', 'text', 'other'], ...rows] }, true));
    expect(sheets.Many).toHaveLength(20_001);
    expect(sheets.Many!.slice(1)).toEqual(rows);
  });
});
