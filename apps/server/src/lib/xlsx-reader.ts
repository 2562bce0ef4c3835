import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import unzipper from 'unzipper';

/**
 * An .xlsx read through its zip's central directory, its sheets still row by row.
 *
 * exceljs's streaming WorkbookReader reads a zip's entries in one pass, in the order they are
 * stored. exceljs (and other writers) store `xl/workbook.xml` last and the shared strings after
 * the sheets; that single pass now and then ends on Node.js 24 before delivering the last entries
 * (exceljs issue 3064): the reader then throws, and a file whose shared strings were lost would
 * read their numbers as its values. Here the archive (at most the upload's limit) is opened by its
 * directory, so the workbook's relations, the workbook, its shared strings and styles are read
 * first, whatever their place, then the worksheets in the workbook's tab order. The steps are
 * exceljs's own (pinned 4.x), only their order is ours.
 */
type ReaderEvent = { eventType: string; value: unknown };

interface ReaderSteps {
  workbookRels?: Array<{ Id: string; Target: string }>;
  model?: { sheets?: Array<{ rId: string }> };
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<ReaderEvent>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(rows: AsyncIterable<unknown>, sheetNo: string): Generator<ReaderEvent>;
}

const SHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;

class DirectoryWorkbookReader extends ExcelJS.stream.xlsx.WorkbookReader {
  readonly #archive: Buffer;

  constructor(archive: Buffer, options: Partial<ExcelJS.stream.xlsx.WorkbookStreamReaderOptions>) {
    // exceljs keeps the input for its own parse, which this class replaces.
    super(archive as never, options);
    this.#archive = archive;
  }

  override async *parse(): AsyncGenerator<ReaderEvent> {
    const steps = this as unknown as ReaderSteps;
    const directory = await unzipper.Open.buffer(this.#archive);
    const files = new Map(directory.files.map((file) => [file.path, file]));
    const entry = (path: string) => files.get(path)?.stream() as Readable | undefined;

    const rels = entry('xl/_rels/workbook.xml.rels');
    if (rels) await steps._parseRels(rels);
    const book = entry('xl/workbook.xml');
    if (book) await steps._parseWorkbook(book);
    const strings = entry('xl/sharedStrings.xml');
    if (strings) yield* steps._parseSharedStrings(strings);
    const styles = entry('xl/styles.xml');
    if (styles) await steps._parseStyles(styles);

    // The tab order: the workbook lists its sheets by relation, the relation names the part.
    const tabOf = (sheetNo: string) => {
      const rel = steps.workbookRels?.find(
        (r) => r.Target.replace(/^\/?xl\//, '') === `worksheets/sheet${sheetNo}.xml`,
      );
      const tab = rel ? (steps.model?.sheets ?? []).findIndex((s) => s.rId === rel.Id) : -1;
      return tab < 0 ? Number.MAX_SAFE_INTEGER : tab;
    };
    const sheetNos = [...files.keys()]
      .map((path) => SHEET.exec(path)?.[1])
      .filter((n): n is string => n !== undefined)
      .sort((a, b) => tabOf(a) - tabOf(b) || Number(a) - Number(b));
    for (const sheetNo of sheetNos) {
      yield* steps._parseWorksheet(entry(`xl/worksheets/sheet${sheetNo}.xml`)!, sheetNo);
    }
  }
}

/** The worksheets of an .xlsx file's bytes, in tab order, each an async iterable of its rows. */
export async function* xlsxWorksheets(
  input: Readable,
  options: Partial<ExcelJS.stream.xlsx.WorkbookStreamReaderOptions>,
): AsyncIterable<ExcelJS.stream.xlsx.WorksheetReader> {
  const chunks: Buffer[] = [];
  for await (const chunk of input as AsyncIterable<Buffer>) chunks.push(chunk);
  yield* new DirectoryWorkbookReader(Buffer.concat(chunks), { ...options, worksheets: 'emit' });
}
