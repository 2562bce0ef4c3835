import { ATTACHMENT_LIMITS, megabytesOf } from '@cairn/shared/attachments.schemas';
import { errorText } from '../../../../lib/message-text.ts';

/**
 * The server's refusal of a file past the size limit, said before a byte is sent (the same
 * message, attachment_too_large), or undefined for a file within it. The server checks again.
 */
export function sizeRefusal(size: number, maxBytes: number = ATTACHMENT_LIMITS.defaultMaxBytes) {
  return size > maxBytes
    ? errorText('attachment_too_large', { megabytes: megabytesOf(maxBytes) })
    : undefined;
}
