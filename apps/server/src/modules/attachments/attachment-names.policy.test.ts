import { describe, expect, it } from 'vitest';
import { contentDisposition, downloadName, uploadedName } from './attachment-names.policy.ts';

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
});
