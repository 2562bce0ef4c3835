import { ATTACHMENT_TYPES } from '@cairn/shared/attachments.schemas';
import { describe, expect, it } from 'vitest';
import i18n from '../../../../lib/i18n.ts';
import { sizeLabel, typeLabel } from './attachment-format.ts';

describe('attachment sizes and types as people read them', () => {
  it('words a size in B, KB or MB, 1024-based, in the locale', () => {
    expect(sizeLabel(i18n.t, 0, 'en-CA')).toBe('0 B');
    expect(sizeLabel(i18n.t, 1023, 'en-CA')).toBe('1,023 B');
    expect(sizeLabel(i18n.t, 1536, 'en-CA')).toBe('1.5 KB');
    expect(sizeLabel(i18n.t, 10 * 1024 * 1024, 'en-CA')).toBe('10 MB');
    expect(sizeLabel(i18n.t, 2.25 * 1024 * 1024, 'fr-CA')).toBe('2,3 MB');
  });

  it('names every stored type from the catalogue', () => {
    const labels = ATTACHMENT_TYPES.map((type) => typeLabel(i18n.t, type));
    expect(labels).toEqual([
      'PDF',
      'JPEG image',
      'PNG image',
      'HEIC image',
      'WebP image',
      'Plain text',
      'Word document',
      'Excel spreadsheet',
      'OpenDocument text',
    ]);
  });
});
