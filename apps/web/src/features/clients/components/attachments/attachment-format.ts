import type { AttachmentType } from '@cairn/shared/attachments.schemas';
import type { TFunction } from 'i18next';

/** Each stored type's entry in the `attachments` catalogue's `types`. */
const TYPE_KEYS: Record<AttachmentType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/heic': 'heic',
  'image/webp': 'webp',
  'text/plain': 'text',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.oasis.opendocument.text': 'odt',
};

export function typeLabel(t: TFunction, type: AttachmentType): string {
  return t(`attachments:types.${TYPE_KEYS[type]}`);
}

/** A size as people read it: B, KB or MB (1024-based), numbers in the active locale. */
export function sizeLabel(t: TFunction, bytes: number, locale: string): string {
  const number = (value: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value);
  if (bytes < 1024) return t('attachments:size.bytes', { value: number(bytes) });
  if (bytes < 1024 * 1024) return t('attachments:size.kilobytes', { value: number(bytes / 1024) });
  return t('attachments:size.megabytes', { value: number(bytes / (1024 * 1024)) });
}
