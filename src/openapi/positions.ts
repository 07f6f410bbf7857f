/**
 * Line and column of a place in a spec file, from a key path. The `yaml` package parses both YAML
 * and JSON into a Document whose nodes keep their source ranges; the document is parsed only when
 * the first finding asks for a position (large specs without findings never pay for it).
 */
import { LineCounter, parseDocument, type Document } from 'yaml';
import type { SourcePosition } from '../errors.ts';
import { locateKey } from '../schema/yaml.ts';
import type { KeyPath } from './pointer.ts';

export type Locate = (keyPath: readonly (string | number)[]) => SourcePosition;

export function createLocator(text: string, file: string): Locate {
  let parsed: { doc: Document; lines: LineCounter } | undefined;
  return (keyPath: readonly (string | number)[]) => {
    if (!parsed) {
      const lines = new LineCounter();
      // Positions only: the values were read already, so errors and warnings here do not matter.
      const doc = parseDocument(text, { lineCounter: lines, keepSourceTokens: false, uniqueKeys: false, strict: false });
      parsed = { doc, lines };
    }
    const { doc, lines } = parsed;
    return locateKey(
      doc,
      keyPath as KeyPath,
      (offset) => {
        const { line, col } = lines.linePos(offset);
        return { file, line, column: col };
      },
      file,
    );
  };
}

/** Line and column (both from 1) of an offset in a text. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lastBreak = -1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lastBreak = i;
  }
  return { line, column: offset - lastBreak };
}
