// A printable, fillable form (AcroForm fields) laid out on US Letter pages with pdf-lib, in the
// language of `words` (scripts/documents/words.mjs). Field names and a choice's values are the
// app's, the same in every language; the words on the page and the fields' spoken names are the
// language's.
// A form is a title, a subtitle, and sections of items:
//   { paragraph }                               wrapped text
//   { text, label, required?, hint?, lines? }   a text field (several lines when lines > 1)
//   { choice, label, required?, options }       one answer among options ({ value, label }): a radio group
//                                               whose options are the stored values, each shown by its label
//   { check, label, required? }                 a tick box
//   { checks, label?, options }                 several tick boxes, each its own field ({ name, label })
//   { signature, label }                        a signature line, with a date field beside it
import { PDFDocument, PDFHexString, PDFName, StandardFonts, rgb } from 'pdf-lib';
import { ACCENT, FIXED_DATE, INK, PAGE, printable, wrap } from './text-document.mjs';

const MUTED = rgb(0.4, 0.42, 0.45);
const FIELD_BORDER = rgb(0.55, 0.58, 0.62);
const SIZE = 10;
const LEADING = 13.5;
const FIELD_HEIGHT = 18;
const BOX = 10;

/** The field's spoken name for screen readers and its tooltip (the AcroForm TU entry). */
function describe(field, label) {
  field.acroField.dict.set(PDFName.of('TU'), PDFHexString.fromText(label));
}

export async function renderForm(doc, words) {
  const pdf = await PDFDocument.create();
  pdf.setTitle(doc.title);
  pdf.setSubject(doc.subtitle);
  pdf.setLanguage(words.tag);
  pdf.setCreator('Cairn');
  pdf.setProducer('Cairn');
  pdf.setCreationDate(FIXED_DATE);
  pdf.setModificationDate(FIXED_DATE);
  const form = pdf.getForm();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const left = PAGE.margin;
  const width = PAGE.width - 2 * PAGE.margin;
  let page;
  let y;
  const newPage = () => {
    page = pdf.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - PAGE.margin;
  };
  const ensure = (height) => {
    if (y - height < PAGE.margin) newPage();
  };
  const draw = (value, { font = regular, size = SIZE, x = left, color = INK } = {}) =>
    page.drawText(printable(value), { x, y, size, font, color });
  const labelOf = (item) => `${item.label}${item.required ? ' *' : ''}`;
  const label = (item) => {
    for (const line of wrap(labelOf(item), bold, SIZE, width)) {
      ensure(LEADING + FIELD_HEIGHT);
      draw(line, { font: bold });
      y -= LEADING;
    }
    if (item.hint) {
      for (const line of wrap(item.hint, regular, 8.5, width)) {
        draw(line, { size: 8.5, color: MUTED });
        y -= 11;
      }
    }
  };
  const textField = (name, description, x, fieldWidth, lines = 1) => {
    const height = lines > 1 ? lines * 14 + 4 : FIELD_HEIGHT;
    const field = form.createTextField(name);
    if (lines > 1) field.enableMultiline();
    field.addToPage(page, {
      x,
      y: y - height + 4,
      width: fieldWidth,
      height,
      font: regular,
      borderColor: FIELD_BORDER,
      borderWidth: 0.75,
    });
    field.setFontSize(SIZE);
    describe(field, description);
    return height;
  };
  // Boxes and their labels run along a line, wrapping to the next when the line is full.
  const boxes = (entries, place) => {
    let x = left + 4;
    ensure(LEADING + 2);
    for (const entry of entries) {
      const span = BOX + 5 + regular.widthOfTextAtSize(printable(entry.label), SIZE) + 16;
      if (x > left + 4 && x + span > left + width) {
        y -= LEADING + 4;
        ensure(LEADING + 2);
        x = left + 4;
      }
      place(entry, { x, y: y - 2, width: BOX, height: BOX });
      draw(entry.label, { x: x + BOX + 5 });
      x += span;
    }
    y -= LEADING + 8;
  };

  newPage();
  for (const line of wrap(doc.title, bold, 18, width)) {
    draw(line, { font: bold, size: 18, color: ACCENT });
    y -= 24;
  }
  draw(doc.subtitle, { size: 12, color: ACCENT });
  y -= 12;
  page.drawLine({ start: { x: left, y }, end: { x: left + width, y }, thickness: 1, color: ACCENT });
  y -= 20;

  for (const section of doc.sections) {
    ensure(LEADING * 4);
    y -= 4;
    draw(section.heading, { font: bold, size: 12.5, color: ACCENT });
    y -= LEADING + 6;
    for (const item of section.items) {
      if (item.paragraph !== undefined) {
        for (const line of wrap(item.paragraph, regular, SIZE, width)) {
          ensure(LEADING);
          draw(line);
          y -= LEADING;
        }
        y -= 6;
      } else if (item.text) {
        label(item);
        ensure((item.lines ?? 1) * 14 + 8);
        y -= textField(item.text, labelOf(item), left, width, item.lines) + 8;
      } else if (item.choice) {
        label(item);
        const group = form.createRadioGroup(item.choice);
        boxes(item.options, (option, at) =>
          group.addOptionToPage(option.value, page, { ...at, borderColor: FIELD_BORDER, borderWidth: 0.75 }),
        );
        describe(group, labelOf(item));
      } else if (item.check) {
        const box = form.createCheckBox(item.check);
        boxes([{ label: labelOf(item) }], (_, at) =>
          box.addToPage(page, { ...at, borderColor: FIELD_BORDER, borderWidth: 0.75 }),
        );
        describe(box, labelOf(item));
      } else if (item.checks) {
        if (item.label) label(item);
        const fields = [];
        boxes(item.options, (option, at) => {
          const box = form.createCheckBox(option.name);
          box.addToPage(page, { ...at, borderColor: FIELD_BORDER, borderWidth: 0.75 });
          describe(box, option.label);
          fields.push(box);
        });
      } else if (item.signature) {
        // Room to sign above the line; the date field stands on the same line, labels below both.
        ensure(56);
        y -= 26;
        const lineEnd = left + width * 0.62;
        page.drawLine({ start: { x: left, y }, end: { x: lineEnd, y }, thickness: 0.75, color: INK });
        y += FIELD_HEIGHT - 4;
        textField(
          `${item.signature}_date`,
          words.t('signatureDate', { label: item.label }),
          lineEnd + 24,
          left + width - lineEnd - 24,
        );
        y -= FIELD_HEIGHT - 4 + 11;
        draw(item.label, { size: 8.5, color: MUTED });
        draw(words.t('signatureDateLabel'), { size: 8.5, color: MUTED, x: lineEnd + 24 });
        y -= LEADING + 4;
      }
    }
    y -= 4;
  }

  const pages = pdf.getPages();
  pages.forEach((p, i) => {
    p.drawText(printable(words.t('page', { title: doc.title, page: i + 1, pages: pages.length })), {
      x: left,
      y: PAGE.margin / 2,
      size: 8.5,
      font: regular,
      color: MUTED,
    });
  });
  return pdf.save({ useObjectStreams: false });
}
