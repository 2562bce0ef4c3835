// A text document (title, headings, paragraphs, lists) laid out on US Letter pages with pdf-lib, in
// the language of `words` (scripts/documents/words.mjs): its PDF language and its page footer.
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

export const FIXED_DATE = new Date('2025-01-01T00:00:00Z');
export const PAGE = { width: 612, height: 792, margin: 64 }; // US Letter, the usual office paper in Canada
export const INK = rgb(0.13, 0.15, 0.18);
export const ACCENT = rgb(0.1, 0.32, 0.45);

/**
 * The text as the standard fonts can draw it. Their encoding is WinAnsi (Windows-1252), which holds
 * every letter of French (é, è, à, ç, ô, É, Œ), the guillemets, the typographic apostrophe and the
 * no-break space the French catalogues put before a colon and inside guillemets; it has no narrow or
 * thin no-break space, nor the no-break hyphen, which become a no-break space and a hyphen. Any other
 * character it cannot encode stops the build (pdf-lib throws "WinAnsi cannot encode"), so no PDF
 * ever shows a missing glyph.
 */
export function printable(text) {
  return text.replace(/[\u2007\u2009\u202f]/g, '\u00a0').replace(/\u2011/g, '-');
}

/** The text's lines at most `width` wide; only plain spaces break a line (a no-break space holds). */
export function wrap(text, font, size, width) {
  const lines = [];
  let line = '';
  for (const word of printable(text).split(/[ \t\r\n]+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export async function renderText(doc, words) {
  const pdf = await PDFDocument.create();
  pdf.setTitle(doc.title);
  pdf.setSubject(doc.subtitle);
  pdf.setLanguage(words.tag);
  pdf.setCreator('Cairn');
  pdf.setProducer('Cairn');
  pdf.setCreationDate(FIXED_DATE);
  pdf.setModificationDate(FIXED_DATE);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
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
  const text = (value, { font = regular, size = 10.5, x = PAGE.margin, color = INK } = {}) => {
    page.drawText(printable(value), { x, y, size, font, color });
  };

  newPage();
  for (const line of wrap(doc.title, bold, 18, width)) {
    ensure(24);
    text(line, { font: bold, size: 18, color: ACCENT });
    y -= 24;
  }
  text(doc.subtitle, { size: 12, color: ACCENT });
  y -= 12;
  page.drawLine({
    start: { x: PAGE.margin, y },
    end: { x: PAGE.width - PAGE.margin, y },
    thickness: 1,
    color: ACCENT,
  });
  y -= 22;

  const leading = 14.5;
  for (const block of doc.blocks) {
    if (block.h) {
      ensure(leading * 3);
      y -= 6;
      text(block.h, { font: bold, size: 12.5, color: ACCENT });
      y -= leading + 4;
    } else if (block.p) {
      for (const line of wrap(block.p, regular, 10.5, width)) {
        ensure(leading);
        text(line);
        y -= leading;
      }
      y -= 8;
    } else if (block.ul) {
      for (const item of block.ul) {
        wrap(item, regular, 10.5, width - 16).forEach((line, i) => {
          ensure(leading);
          if (i === 0) text('\u2022', { x: PAGE.margin + 4 });
          text(line, { x: PAGE.margin + 16 });
          y -= leading;
        });
        y -= 4;
      }
      y -= 6;
    }
  }

  const pages = pdf.getPages();
  pages.forEach((p, i) => {
    const label = words.t('page', { title: doc.title, page: i + 1, pages: pages.length });
    p.drawText(printable(label), {
      x: PAGE.margin,
      y: PAGE.margin / 2,
      size: 8.5,
      font: regular,
      color: rgb(0.4, 0.42, 0.45),
    });
  });
  return pdf.save({ useObjectStreams: false });
}
