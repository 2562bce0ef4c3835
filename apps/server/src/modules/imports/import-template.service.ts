import { englishSpreadsheet as words } from '@cairn/shared/wording';
import { IMPORT_CHOICES } from '@cairn/shared/import-reading';
import { IMPORT_FIELDS, IMPORT_LIMITS, type ImportField } from '@cairn/shared/imports.schemas';
import { clientCreateBodySchema } from '@cairn/shared/clients.schemas';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { XLSX_TYPE } from '../../lib/xlsx-stream.ts';

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
 * GET /imports/template?kind=clients: a column per client field (its API name, `*` when
 * required), a drop-down list under every enumerated one (the lists on a hidden sheet, as many
 * rows as a file may hold), and a sheet saying what each column holds. Small, so built whole.
 */
export async function clientsTemplate(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(words('imports.template.sheet'));
  const about = book.addWorksheet(words('imports.template.columnsSheet'));
  const lists = book.addWorksheet(words('imports.template.listsSheet'), { state: 'hidden' });
  const listsName = words('imports.template.listsSheet');

  sheet.addRow(
    IMPORT_FIELDS.map((f) => (isRequired(f) ? words('imports.template.requiredHeader', { field: f }) : f)),
  );
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
    sheet.getColumn(i + 1).width = Math.max(14, field.length + 4);
    const choices = IMPORT_CHOICES[field];
    if (choices) {
      const col = letters(listColumn++);
      lists.getColumn(col).values = [field, ...choices];
      const validations = sheet as unknown as ValidationsApi;
      validations.dataValidations.add(`${letters(i)}2:${letters(i)}${IMPORT_LIMITS.maxRows + 1}`, {
        type: 'list',
        allowBlank: true,
        formulae: [`'${listsName}'!$${col}$2:$${col}$${choices.length + 1}`],
      });
    }
    about.addRow([
      field,
      words(`imports.fields.${field}.label`),
      words(isRequired(field) ? 'imports.template.yes' : 'imports.template.no'),
      choices ? choices.join(', ') : field === 'centre_id' ? words('imports.template.anyCentre') : '',
      words(`imports.fields.${field}.help`),
    ]);
  });
  about.columns.forEach((c, i) => (c.width = [22, 34, 10, 50, 80][i] ?? 20));
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Answers the template as an attachment. */
export async function sendTemplate(reply: FastifyReply): Promise<FastifyReply> {
  const file = await clientsTemplate();
  const name = `${words('imports.template.fileName')}.xlsx`;
  return reply.type(XLSX_TYPE).header('Content-Disposition', `attachment; filename="${name}"`).send(file);
}
