import { describe, expect, it } from 'vitest';
import { fileNameOf } from './content-disposition.ts';

describe("a download's file name", () => {
  it('is the encoded name first, then the plain one, else the fallback', () => {
    expect(
      fileNameOf(
        `attachment; filename="ministry-report_2026-04-01_2027-03-31.xlsx"; filename*=UTF-8''ministry-report_2026-04-01_2027-03-31.xlsx`,
        'x.xlsx',
      ),
    ).toBe('ministry-report_2026-04-01_2027-03-31.xlsx');
    expect(fileNameOf(`attachment; filename="a.xlsx"; filename*=UTF-8''r%C3%A9sum%C3%A9.xlsx`, 'x')).toBe(
      'résumé.xlsx',
    );
    expect(fileNameOf('attachment; filename=plain.xlsx', 'x')).toBe('plain.xlsx');
    expect(fileNameOf(`attachment; filename="kept.xlsx"; filename*=UTF-8''%E0%A4%A`, 'x')).toBe('kept.xlsx');
    expect(fileNameOf('attachment', 'fallback.xlsx')).toBe('fallback.xlsx');
    expect(fileNameOf(null, 'fallback.xlsx')).toBe('fallback.xlsx');
  });
});
