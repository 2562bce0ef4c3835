import type { Words } from '@cairn/shared/wording';
import { IMPORT_FIELDS, IMPORT_LIMITS, type ImportField } from '@cairn/shared/imports.schemas';
import { clientCreateBodySchema } from '@cairn/shared/clients.schemas';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { XLSX_TYPE } from '../../lib/xlsx-stream.ts';
import { choicesOf, columnOf } from './import-labels.service.ts';

/** The fields an intake cannot leave blank: the template marks their headers. */
export function isRequired(field: ImportField): boolean {
  if (field === 'centre_id') return false;
  if (field === 'consent') return true;
  return !clientCreateBodySchema.shape[field].safeParse(null).success;
}

/** A column's letters: A … Z, AA … */
function letters(i: number): string {
  let name = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

interface ValidationsApi {
  dataValidations: { add(address: string, validation: ExcelJS.DataValidation): void };
}

/**
 * GET /imports/template?kind=clients: a column per client field (its header, `*` when required),
 * a drop-down list under every enumerated one (the lists on a hidden sheet, as many rows as a file
 * may hold), and a sheet saying what each column holds; all in `words`' language (the English
 * headers are the API's names), the choices by their labels in it. Whatever its language, a
 * filled-in template imports (import-labels.service.ts). Small, so built whole.
 */
export async function clientsTemplate(words: Words['spreadsheet'], choice: Words['choice']): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(words('imports.template.sheet'));
  const about = book.addWorksheet(words('imports.template.columnsSheet'));
  const lists = book.addWorksheet(words('imports.template.listsSheet'), { state: 'hidden' });
  const listsName = words('imports.template.listsSheet');

  const headers = IMPORT_FIELDS.map((f) =>
    isRequired(f)
      ? words('imports.template.requiredHeader', { field: columnOf(words, f) })
      : columnOf(words, f),
  );
  sheet.addRow(headers);
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  about.addRow([words('imports.template.intro')]);
  about.addRow([
    words('imports.template.column'),
    words('imports.template.label'),
    words('imports.template.required'),
    words('imports.template.allowed'),
    words('imports.template.explanation'),
  ]).font = { bold: true };

  let listColumn = 0;
  IMPORT_FIELDS.forEach((field, i) => {
    sheet.getColumn(i + 1).width = Math.min(40, Math.max(14, columnOf(words, field).length + 4));
    const choices = choicesOf(field, choice);
    if (choices) {
      const col = letters(listColumn++);
      lists.getColumn(col).values = [columnOf(words, field), ...choices];
      const validations = sheet as unknown as ValidationsApi;
      validations.dataValidations.add(`${letters(i)}2:${letters(i)}${IMPORT_LIMITS.maxRows + 1}`, {
        type: 'list',
        allowBlank: true,
        formulae: [`'${listsName}'!$${col}$2:$${col}$${choices.length + 1}`],
      });
    }
    about.addRow([
      columnOf(words, field),
      words(`imports.fields.${field}.label`),
      words(isRequired(field) ? 'imports.template.yes' : 'imports.template.no'),
      choices ? choices.join(', ') : field === 'centre_id' ? words('imports.template.anyCentre') : '',
      words(`imports.fields.${field}.help`),
    ]);
  });
  about.columns.forEach((c, i) => (c.width = [22, 34, 10, 50, 80][i] ?? 20));
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Answers the template as an attachment, in `words`' language. */
export async function sendTemplate(reply: FastifyReply, words: Words): Promise<FastifyReply> {
  const file = await clientsTemplate(words.spreadsheet, words.choice);
  const name = `${words.spreadsheet('imports.template.fileName')}.xlsx`;
  return reply.type(XLSX_TYPE).header('Content-Disposition', `attachment; filename="${name}"`).send(file);
}
