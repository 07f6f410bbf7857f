/**
 * Bytes of a content text file (a page, a `_category_.yaml`) to text, the way an editor would read
 * them, with a warning whenever the result is a guess:
 * - UTF-8, with or without a byte-order mark: read as it is, silently.
 * - UTF-16 with a byte-order mark: unambiguous, so read correctly, silently.
 * - UTF-16 without one (recognised by a NUL in every other byte): read as UTF-16, with a warning.
 * - UTF-8 with a few stray NUL bytes: read, with a warning at the first (the parser shows them
 *   as U+FFFD).
 * - Other bytes that are not valid UTF-8 (Latin-1, Windows-1252): read as Windows-1252, which is
 *   right for those two, with a warning at the first byte that is not UTF-8.
 * - Anything else holding NUL bytes is not text: left out, with a warning.
 * Lines ending in a lone CR (classic Mac OS) are read as lines ending in LF.
 * So a page is never published as mojibake without a warning saying so.
 */
import { isUtf8 } from 'node:buffer';

export interface EncodingWarning {
  message: string;
  hint: string;
  line?: number;
  column?: number;
}

export type DecodedText = { text: string; warning?: EncodingWarning } | { notText: EncodingWarning };

const SAVE_AS_UTF8 = 'save the file as UTF-8 (in most editors: "Save with encoding" or "File encoding")';

export function decodeContentText(bytes: Uint8Array): DecodedText {
  const decoded = decodeBytes(bytes);
  return 'text' in decoded ? { ...decoded, text: withoutLoneCarriageReturns(decoded.text) } : decoded;
}

/**
 * Old Mac line endings (a CR alone) become LF, one character for one, so positions stay the same:
 * the markdown parser reads both as line breaks already, but front matter needs LF or CRLF.
 */
function withoutLoneCarriageReturns(text: string): string {
  return text.includes('\r') ? text.replace(/\r(?!\n)/g, '\n') : text;
}

function decodeBytes(bytes: Uint8Array): DecodedText {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf) return decodeWithoutMark(buffer.subarray(3));
  const utf16 = utf16WithMark(buffer);
  return utf16 !== undefined ? { text: utf16 } : decodeWithoutMark(buffer);
}

/** Text saved as UTF-16 with its byte-order mark (Windows editors' "Unicode"); undefined without one. */
export function utf16WithMark(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  return undefined;
}

function decodeWithoutMark(buffer: Buffer): DecodedText {
  const firstNul = buffer.indexOf(0);
  if (firstNul === -1) {
    if (isUtf8(buffer)) return { text: buffer.toString('utf8') };
    return {
      text: new TextDecoder('windows-1252').decode(buffer),
      warning: { message: 'this file is not valid UTF-8 (the first byte that is not is here); it was read as Windows-1252 (Latin-1), which may show some characters wrongly', hint: SAVE_AS_UTF8, ...firstInvalidUtf8(buffer) },
    };
  }
  const utf16 = utf16WithoutMark(buffer);
  if (utf16) {
    return {
      text: new TextDecoder(utf16).decode(buffer),
      warning: { message: `this file looks like ${utf16 === 'utf-16le' ? 'UTF-16LE' : 'UTF-16BE'} without a byte-order mark; it was read as such`, hint: SAVE_AS_UTF8 },
    };
  }
  if (isUtf8(buffer) && countByte(buffer, 0) <= Math.max(8, buffer.length / 1000)) {
    return {
      text: buffer.toString('utf8'),
      warning: { message: 'this file holds NUL bytes (the first is here); they are shown as "\uFFFD"', hint: 'remove them: a NUL byte is never meant to be in a page', ...lineAndColumn(buffer, firstNul) },
    };
  }
  return { notText: { message: 'this file is not text (it holds NUL bytes and is not UTF-8); it is left out of the site', hint: 'remove it, or give it another extension if it is not a page' } };
}

/** UTF-16 text without a byte-order mark is mostly ASCII: a NUL in every other byte, on one side. */
function utf16WithoutMark(buffer: Buffer): 'utf-16le' | 'utf-16be' | undefined {
  if (buffer.length < 2 || buffer.length % 2 !== 0) return undefined;
  const sample = buffer.subarray(0, Math.min(buffer.length, 4096) & ~1);
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < sample.length; i += 2) {
    if (sample[i] === 0) evenNul++;
    if (sample[i + 1] === 0) oddNul++;
  }
  const pairs = sample.length / 2;
  if (oddNul > pairs * 0.4 && evenNul < pairs * 0.05) return 'utf-16le';
  if (evenNul > pairs * 0.4 && oddNul < pairs * 0.05) return 'utf-16be';
  return undefined;
}

function countByte(buffer: Buffer, byte: number): number {
  let count = 0;
  for (let i = buffer.indexOf(byte); i !== -1; i = buffer.indexOf(byte, i + 1)) count++;
  return count;
}

/** Line and column (both from 1, the column in bytes) of a byte offset. */
function lineAndColumn(buffer: Buffer, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = buffer.indexOf(0x0a); i !== -1 && i < offset; i = buffer.indexOf(0x0a, i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/** Where the first byte sequence that is not UTF-8 starts. */
function firstInvalidUtf8(buffer: Buffer): { line: number; column: number } {
  for (let i = 0; i < buffer.length; ) {
    const byte = buffer[i] as number;
    const length = byte < 0x80 ? 1 : byte >= 0xc2 && byte < 0xe0 ? 2 : byte >= 0xe0 && byte < 0xf0 ? 3 : byte >= 0xf0 && byte < 0xf5 ? 4 : 0;
    if (length === 0 || !isUtf8(buffer.subarray(i, i + length))) return lineAndColumn(buffer, i);
    i += length;
  }
  return lineAndColumn(buffer, buffer.length);
}
