import type { AttachmentType } from '@cairn/shared/attachments.schemas';

/**
 * Which kind of file a upload is, from its content alone (issue 15): never from its name or the
 * type the browser claims. The first bytes (the first chunk) decide every binary type; plain text
 * is only accepted once the whole file has been read as valid UTF-8 without NUL (TextCheck).
 * Anything else (HTML, SVG, scripts, executables, archives, the unknown) is refused.
 */

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (bytes: Uint8Array, start: number, end: number) =>
  Buffer.from(
    bytes.buffer,
    bytes.byteOffset + start,
    Math.max(0, Math.min(end, bytes.length) - start),
  ).toString('latin1');

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** HEIF brands that hold HEVC images (HEIC); `mif1`/`msf1` only with one of these among the compatible brands. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx']);

const ODT_MIME = 'application/vnd.oasis.opendocument.text';

/** The names of the entries of a zip whose local headers lie within `bytes` (the file's start). */
export function zipEntryNames(bytes: Uint8Array): string[] {
  const names: string[] = [];
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = view.indexOf(Buffer.from(ZIP));
  while (at >= 0 && at + 30 <= view.length) {
    const nameLength = view.readUInt16LE(at + 26);
    if (at + 30 + nameLength <= view.length) names.push(view.toString('utf8', at + 30, at + 30 + nameLength));
    at = view.indexOf(Buffer.from(ZIP), at + 4);
  }
  return names;
}

/** DOCX, XLSX or ODT by the entries of the zip; undefined for any other zip (an archive). */
function officeType(head: Uint8Array): AttachmentType | undefined {
  // ODF: the first entry is `mimetype`, stored uncompressed, holding the document's type.
  if (ascii(head, 30, 38) === 'mimetype' && ascii(head, 38, 38 + ODT_MIME.length) === ODT_MIME) {
    return 'application/vnd.oasis.opendocument.text';
  }
  const names = zipEntryNames(head);
  if (!names.includes('[Content_Types].xml')) return undefined;
  // A macro-enabled document (docm, xlsm) carries its macros in vbaProject.bin: refused.
  if (names.some((n) => n.toLowerCase().endsWith('vbaproject.bin'))) return undefined;
  if (names.some((n) => n.startsWith('word/'))) {
    return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  }
  if (names.some((n) => n.startsWith('xl/'))) {
    return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  }
  return undefined;
}

function heic(head: Uint8Array): boolean {
  if (ascii(head, 4, 8) !== 'ftyp' || head.length < 16) return false;
  const boxSize = Buffer.from(head.buffer, head.byteOffset, head.byteLength).readUInt32BE(0);
  const major = ascii(head, 8, 12);
  if (HEIC_BRANDS.has(major)) return true;
  if (major !== 'mif1' && major !== 'msf1') return false;
  for (let at = 16; at + 4 <= Math.min(boxSize, head.length); at += 4) {
    if (HEIC_BRANDS.has(ascii(head, at, at + 4))) return true;
  }
  return false;
}

/** What a browser would take for markup or a script at the start of a text. */
const ACTIVE_TEXT =
  /^(?:\s|\ufeff)*(?:<!doctype|<html|<head|<body|<script|<svg|<\?xml|<iframe|<object|<embed|<!--|#!)/i;
const ACTIVE_ANYWHERE = /<(?:script|svg|html|iframe)[\s/>]/i;

/** Names a text under which it would be a script or a page, however plain its content. */
const SCRIPT_NAME =
  /\.(html?|xht(ml)?|svgz?|xml|xsl|js|mjs|cjs|ts|jsx|tsx|vbs|vbe|wsf|wsh|ps1|psm1|bat|cmd|sh|bash|zsh|py|pl|rb|php\d?|phtml|jsp|aspx?|hta|lnk|reg|scr|desktop|command)$/i;

/**
 * The extensions a name may end with for each type, the usual one first: a stored name ends with
 * one of its type's (attachment-names.policy.ts), never another type's.
 */
export const TYPE_EXTENSIONS: Record<AttachmentType, readonly [string, ...string[]]> = {
  'application/pdf': ['pdf'],
  'image/jpeg': ['jpg', 'jpeg', 'jpe'],
  'image/png': ['png'],
  'image/heic': ['heic', 'heif'],
  'image/webp': ['webp'],
  'text/plain': ['txt', 'text', 'csv', 'log', 'md'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.oasis.opendocument.text': ['odt'],
};

/**
 * The type of a file from its first bytes (up to one chunk): a binary type, `text/plain` when it
 * may be plain text (the rest still to be checked by TextCheck), or undefined when refused.
 */
export function sniffType(head: Uint8Array, name: string): AttachmentType | undefined {
  if (startsWith(head, PDF)) return 'application/pdf';
  if (startsWith(head, JPEG)) return 'image/jpeg';
  if (startsWith(head, PNG)) return 'image/png';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'image/webp';
  if (heic(head)) return 'image/heic';
  if (startsWith(head, ZIP)) return officeType(head);
  if (SCRIPT_NAME.test(name) || head.includes(0)) return undefined;
  try {
    // A sequence cut at the chunk's end is no error here: TextCheck sees the rest.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    return undefined;
  }
  const start = new TextDecoder('utf-8', { fatal: false }).decode(head.subarray(0, 4096));
  if (ACTIVE_TEXT.test(start) || ACTIVE_ANYWHERE.test(start)) return undefined;
  return 'text/plain';
}

/**
 * Whether a file refused by `sniffType` is text under a plain text's name (`notes.txt`) that holds
 * HTML, SVG or a script: refused with its own reason (attachment_text_holds_markup), since its
 * name promised plain text.
 */
export function holdsMarkup(head: Uint8Array, name: string): boolean {
  const extension = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase();
  if (!extension || !TYPE_EXTENSIONS['text/plain'].includes(extension) || head.includes(0)) return false;
  const start = new TextDecoder('utf-8', { fatal: false }).decode(head.subarray(0, 4096));
  return ACTIVE_TEXT.test(start) || ACTIVE_ANYWHERE.test(start);
}

/** Plain text read chunk by chunk: valid UTF-8 throughout and no NUL anywhere. */
export class TextCheck {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private ok = true;

  add(chunk: Uint8Array): void {
    if (!this.ok) return;
    if (chunk.includes(0)) {
      this.ok = false;
      return;
    }
    try {
      this.decoder.decode(chunk, { stream: true });
    } catch {
      this.ok = false;
    }
  }

  /** Whether the whole text passed (ends the check). */
  passed(): boolean {
    if (!this.ok) return false;
    try {
      this.decoder.decode();
      return true;
    } catch {
      return false;
    }
  }
}
