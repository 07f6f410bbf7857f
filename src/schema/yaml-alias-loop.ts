/**
 * An alias inside the node its anchor names (`tags: &t [*t]`) makes a value that contains itself:
 * every walk over it (the control-character check, the spec's lint, JSON) recursed until the stack
 * ran out, a crash with no position. Aliases may only name anchors written before them, so a loop
 * is always an alias inside its own anchor's node, which this finds before anything walks the value.
 */
import { visit, type Document } from 'yaml';

export interface AliasLoop {
  /** The anchor's name, as `*name` and `&name` write it. */
  name: string;
  /** Where the alias is written. */
  offset: number;
}

export function aliasLoopIn(doc: Document): AliasLoop | undefined {
  let loop: AliasLoop | undefined;
  visit(doc, {
    Alias(_key, alias, ancestors) {
      const target = alias.resolve(doc);
      if (target === undefined || !ancestors.includes(target)) return undefined;
      loop = { name: alias.source, offset: alias.range?.[0] ?? 0 };
      return visit.BREAK;
    },
  });
  return loop;
}

export function aliasLoopMessage(loop: AliasLoop): { message: string; hint: string } {
  return {
    message: `the alias *${loop.name} is inside the value its anchor &${loop.name} names, so that value would contain itself without end`,
    hint: `write the values out here instead of *${loop.name}, or anchor a part of the value that does not hold this alias`,
  };
}
