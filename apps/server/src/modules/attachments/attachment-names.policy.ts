import { ATTACHMENT_LIMITS, type AttachmentType } from '@cairn/shared/attachments.schemas';
import { TYPE_EXTENSIONS } from './attachment-types.policy.ts';

/**
 * A file's name (issue 15): kept for display, never a storage path (the bytes are stored by id),
 * and written into Content-Disposition only after sanitising, as RFC 6266 asks.
 */

/**
 * Control and format characters (Unicode's Cc and Cf, among them the bidirectional marks,
 * embeddings, overrides and isolates U+200E/F, U+202A–U+202E, U+2066–U+2069 and U+061C that make
 * `invoice\u202Efdp.exe` read as `invoiceexe.pdf`), and the line and paragraph separators.
 */
const CONTROL = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;
/** What follows a name's last dot when it is an extension (not `v1.2 final`). */
const EXTENSION = /^[\p{L}\p{N}]{1,16}$/u;
/** Characters Windows, macOS or a shell would stumble over in a saved file's name. */
const RISKY = /[<>:"|?*\\/]/g;

/** Cuts a name to `max` characters, keeping its extension (up to 16 characters of it). */
function cut(name: string, max: number): string {
  const chars = [...name];
  if (chars.length <= max) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
  return chars.slice(0, max - [...extension].length).join('') + extension;
}

/**
 * The name to keep for a file as uploaded: its last path segment (a browser may send
 * `C:\\Users\\…\\cv.pdf`, a hostile client `../../etc/passwd`), without control characters, NFC,
 * trimmed, at most 255 characters; `file` when nothing is left.
 */
export function uploadedName(raw: string | undefined): string {
  const last = (raw ?? '').split(/[/\\]/).pop() ?? '';
  const clean = last.normalize('NFC').replace(CONTROL, '').trim().replace(/^\.+$/, '');
  return cut(clean, ATTACHMENT_LIMITS.nameMax) || 'file';
}

/**
 * The name as stored for a file whose content shows `type` (issue 27): it ends with one of that
 * type's extensions, the usual one replacing any other (`invoicefdp.exe` holding a PDF is kept as
 * `invoicefdp.pdf`) or added when there is none. For uploads and renames alike.
 */
export function nameForType(name: string, type: AttachmentType): string {
  const extensions = TYPE_EXTENSIONS[type];
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1) : '';
  if ((extensions as readonly string[]).includes(extension.toLowerCase())) return name;
  const base = EXTENSION.test(extension) ? name.slice(0, dot) : name;
  return cut(`${base}.${extensions[0]}`, ATTACHMENT_LIMITS.nameMax);
}

/** The name offered to the saving browser: no path, quote, control character or leading dot. */
export function downloadName(name: string): string {
  const clean = name
    .normalize('NFC')
    .replace(CONTROL, '')
    .replace(RISKY, '_')
    .replace(/^[.\s]+/, '')
    .trim();
  return clean || 'file';
}

/** RFC 5987's attr-char: everything else is percent-encoded as UTF-8. */
function encodeExtValue(text: string): string {
  return encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `Content-Disposition` (RFC 6266): `attachment` or `inline`, an ASCII fallback `filename` for old
 * clients (non-ASCII as `_`) and the exact name as `filename*=UTF-8''…`.
 */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const safe = downloadName(name);
  const fallback = safe.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeExtValue(safe)}`;
}
