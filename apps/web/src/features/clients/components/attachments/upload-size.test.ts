import { ATTACHMENT_LIMITS } from '@cairn/shared/attachments.schemas';
import { describe, expect, it } from 'vitest';
import { sizeRefusal } from './upload-size.ts';

describe('a file past the size limit, refused before it is sent', () => {
  const max = ATTACHMENT_LIMITS.defaultMaxBytes;
  it("says the server's own message", () => {
    expect(sizeRefusal(max + 1)).toBe('The file is too large. Files can be at most 10 MB.');
    expect(sizeRefusal(11 * 1024 * 1024)).toBe('The file is too large. Files can be at most 10 MB.');
  });
  it('lets a file of the limit or less go', () => {
    expect(sizeRefusal(max)).toBeUndefined();
    expect(sizeRefusal(1)).toBeUndefined();
  });
});
