/**
 * config.yaml and the OpenAPI specs must be UTF-8 (with or without a byte-order mark). Read
 * leniently, a tagline or a description saved as Latin-1 showed "�" on every page without a word;
 * read strictly, the first byte that is not UTF-8 is an error at its line and column.
 */
import { DocsgenError } from '../errors.ts';
import { lineColumnAt } from '../openapi/positions.ts';

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** The file's text, its byte-order mark left out; throws at the first byte that is not UTF-8. */
export function strictUtf8(bytes: Uint8Array, file: string, what: string): string {
  try {
    return strict.decode(bytes);
  } catch {
    const lenient = new TextDecoder('utf-8').decode(bytes);
    const at = Math.max(0, lenient.indexOf('\uFFFD'));
    throw new DocsgenError(`${what} is not UTF-8 text: the character here is in another encoding (Latin-1 or Windows-1252?)`, {
      position: { file, ...lineColumnAt(lenient, at) },
      hint: 'save the file as UTF-8 (most editors offer it under "Save with encoding"), then build again',
    });
  }
}
