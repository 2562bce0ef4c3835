import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { holdsMarkup, sniffType, TextCheck } from './attachment-types.policy.ts';

function zip(entries: Array<[string, string]>, store = false): Buffer {
  const parts: Buffer[] = [];
  for (const [name, text] of entries) {
    const data = store ? Buffer.from(text) : deflateRawSync(Buffer.from(text));
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(store ? 0 : 8, 8);
    header.writeUInt32LE(data.length, 18);
    header.writeUInt16LE(Buffer.byteLength(name), 26);
    parts.push(header, Buffer.from(name), data);
  }
  return Buffer.concat(parts);
}
const ftyp = (major: string, ...compatible: string[]) => {
  const box = Buffer.alloc(16 + 4 * compatible.length);
  box.writeUInt32BE(box.length, 0);
  box.write(`ftyp${major}`, 4, 'latin1');
  compatible.forEach((brand, i) => box.write(brand, 16 + 4 * i, 'latin1'));
  return box;
};
const text = (s: string) => Buffer.from(s);

describe('file types, by content', () => {
  it.each([
    ['application/pdf', text('%PDF-1.7\n...')],
    ['image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])],
    ['image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])],
    ['image/webp', Buffer.concat([text('RIFF'), Buffer.alloc(4), text('WEBPVP8 ')])],
    ['image/heic', ftyp('heic', 'mif1', 'heic')],
    ['image/heic', ftyp('mif1', 'mif1', 'heic')],
    [
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      zip([
        ['[Content_Types].xml', '<Types/>'],
        ['word/document.xml', '<w:document/>'],
      ]),
    ],
    [
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      zip([
        ['[Content_Types].xml', '<Types/>'],
        ['xl/workbook.xml', '<workbook/>'],
      ]),
    ],
    [
      'application/vnd.oasis.opendocument.text',
      zip([['mimetype', 'application/vnd.oasis.opendocument.text']], true),
    ],
    ['text/plain', text('Dear Petra,\nwelcome. Café ☕')],
  ])('accepts %s', (type, bytes) => {
    expect(sniffType(bytes, 'whatever.bin')).toBe(type);
  });

  it.each([
    ['HTML in a .pdf', text('<!DOCTYPE html><html><body>hi</body></html>'), 'cv.pdf'],
    ['HTML after spaces', text('  \n<html><script>alert(1)</script>'), 'cv.txt'],
    ['a script tag further in', text('hello\n<script>alert(1)</script>'), 'cv.txt'],
    ['SVG', text('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'), 'logo.png'],
    ['SVG without a prolog', text('<svg onload="alert(1)"/>'), 'logo.txt'],
    ['a shell script', text('#!/bin/sh\nrm -rf /\n'), 'notes.txt'],
    ['a script by its name', text('alert(1)'), 'run.js'],
    ['a Windows executable', Buffer.concat([text('MZ'), Buffer.alloc(64)]), 'cv.pdf'],
    ['an ELF executable', Buffer.concat([Buffer.from([0x7f]), text('ELF'), Buffer.alloc(16)]), 'cv'],
    ['a zip archive', zip([['photos/a.jpg', 'x']]), 'cv.docx'],
    [
      'a macro-enabled document',
      zip([
        ['[Content_Types].xml', '<Types/>'],
        ['word/document.xml', '<w:document/>'],
        ['word/vbaProject.bin', 'macros'],
      ]),
      'cv.docx',
    ],
    ['a gzip archive', Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0]), 'cv.txt'],
    ['AVIF (not HEIC)', ftyp('avif', 'mif1', 'avif'), 'photo.heic'],
  ])('refuses %s', (_what, bytes, name) => {
    expect(sniffType(bytes, name)).toBeUndefined();
  });

  it('takes plain text only when all of it is UTF-8 without NUL, across chunks', () => {
    const euro = Buffer.from('€'); // three bytes, split across two chunks below
    const ok = new TextCheck();
    ok.add(Buffer.concat([text('price: '), euro.subarray(0, 1)]));
    ok.add(Buffer.concat([euro.subarray(1), text(' 12')]));
    expect(ok.passed()).toBe(true);

    const nul = new TextCheck();
    nul.add(text('fine'));
    nul.add(Buffer.from([0x41, 0x00, 0x42]));
    expect(nul.passed()).toBe(false);

    const latin1 = new TextCheck();
    latin1.add(Buffer.from([0x63, 0x61, 0x66, 0xe9])); // 'café' in Latin-1
    expect(latin1.passed()).toBe(false);

    const cut = new TextCheck();
    cut.add(euro.subarray(0, 2));
    expect(cut.passed()).toBe(false);
  });
});

describe('markup under a plain text name', () => {
  const html = Buffer.from('<!doctype html><html><body>hi</body></html>');
  it('is said of a text name (.txt, .md, .csv) holding HTML or a script', () => {
    expect(holdsMarkup(html, 'letter.txt')).toBe(true);
    expect(holdsMarkup(Buffer.from('a\n<svg onload=x>'), 'notes.MD')).toBe(true);
    expect(holdsMarkup(Buffer.from('#!/bin/sh\n'), 'rows.csv')).toBe(true);
  });
  it('is not said of another name, nor of plain text', () => {
    expect(holdsMarkup(html, 'letter.pdf')).toBe(false);
    expect(holdsMarkup(html, 'letter')).toBe(false);
    expect(holdsMarkup(Buffer.from('a < b and b > c'), 'maths.txt')).toBe(false);
  });
});
