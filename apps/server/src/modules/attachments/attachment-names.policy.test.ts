import { describe, expect, it } from 'vitest';
import { contentDisposition, downloadName, nameForType, uploadedName } from './attachment-names.policy.ts';

describe('attachment names', () => {
  it('keeps the last segment of a path, without control characters, never empty', () => {
    expect(uploadedName('../../etc/passwd')).toBe('passwd');
    expect(uploadedName('C:\\fakepath\\cv.pdf')).toBe('cv.pdf');
    expect(uploadedName('a\r\nb\u0000c.txt')).toBe('abc.txt');
    expect(uploadedName('..')).toBe('file');
    expect(uploadedName('')).toBe('file');
    expect(uploadedName(undefined)).toBe('file');
  });

  it('cuts a long name to 255 characters, keeping the extension', () => {
    const name = uploadedName(`${'é'.repeat(400)}.pdf`);
    expect([...name]).toHaveLength(255);
    expect(name.endsWith('é.pdf')).toBe(true);
  });

  it('offers no path, quote, line break or leading dot to the saving browser', () => {
    expect(downloadName('../../etc/passwd')).toBe('_.._etc_passwd');
    expect(downloadName('.bashrc')).toBe('bashrc');
    expect(downloadName('a"b\r\nc.txt')).toBe('a_bc.txt');
  });

  it('writes an RFC 6266 header: an ASCII fallback and the exact name as UTF-8', () => {
    const header = contentDisposition('attachment', 'Résumé "2026"\r\nX: y.pdf');
    expect(header).toBe(
      `attachment; filename="R_sum_ _2026_X_ y.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20_2026_X_%20y.pdf`,
    );
    expect(header).not.toMatch(/[\r\n]/);
    expect(contentDisposition('inline', "it's (1)*.png")).toBe(
      `inline; filename="it's (1)_.png"; filename*=UTF-8''it%27s%20%281%29_.png`,
    );
  });

  it('drops bidirectional and other format characters (Cf), not only controls (Cc)', () => {
    expect(uploadedName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    for (const mark of ['\u202A', '\u202B', '\u202C', '\u202D', '\u2066', '\u2067', '\u2068', '\u2069']) {
      expect(uploadedName(`a${mark}b.pdf`)).toBe('ab.pdf');
    }
    expect(uploadedName('\u200Eleft\u200F\u061C\u00AD\uFEFF.txt')).toBe('left.txt');
    expect(uploadedName('a\u0085b\u2028c.txt')).toBe('abc.txt');
  });

  it('ends a name with the extension of the type its content shows', () => {
    expect(nameForType('invoicefdp.exe', 'application/pdf')).toBe('invoicefdp.pdf');
    expect(nameForType('scan', 'application/pdf')).toBe('scan.pdf');
    expect(nameForType('photo.JPEG', 'image/jpeg')).toBe('photo.JPEG');
    expect(nameForType('photo.png', 'image/jpeg')).toBe('photo.jpg');
    expect(nameForType('budget v1.2 final', 'text/plain')).toBe('budget v1.2 final.txt');
    expect(nameForType('notes.csv', 'text/plain')).toBe('notes.csv');
    expect(
      nameForType('letter.pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
    ).toBe('letter.docx');
    const long = nameForType(`${'é'.repeat(300)}.exe`, 'application/pdf');
    expect([...long]).toHaveLength(255);
    expect(long.endsWith('é.pdf')).toBe(true);
  });
});
