import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { titledPdf } from './pdf-title.ts';

const bytesOf = (u8: Uint8Array) =>
  u8.buffer.slice(u8.byteOffset, u8.byteOffset + u8.byteLength) as ArrayBuffer;

describe('a PDF previewed under its file name', () => {
  it("titles the copy shown with the file's name, pages unchanged", async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    doc.addPage();
    doc.setTitle('9f1c2e-internal');
    const shown = await titledPdf(bytesOf(await doc.save()), 'Signed consent.pdf');
    const read = await PDFDocument.load(shown);
    expect(read.getTitle()).toBe('Signed consent.pdf');
    expect(read.getPageCount()).toBe(2);
  });

  it('shows a PDF it cannot read as it is', async () => {
    const broken = bytesOf(new TextEncoder().encode('%PDF-1.4\nnot really a pdf'));
    expect(await titledPdf(broken, 'x.pdf')).toBe(broken);
  });
});
