/**
 * A problem found in an OpenAPI document, before it becomes a finding: where it is (a key path
 * into the document), what is wrong and what to do, in plain words. `where` names the place the
 * way a reader of the spec thinks of it ("GET /things → responses → 200", "schema Pet → properties").
 */
import { keyPathToPointer, type KeyPath } from './pointer.ts';

export interface SpecProblem {
  keyPath: KeyPath;
  message: string;
  hint: string;
}

export function describeLocation(keyPath: readonly (string | number)[]): string {
  const [first, second, third, ...rest] = keyPath.map(String);
  let head: string;
  let tail: string[];
  if (first === 'paths' && second !== undefined && third !== undefined && /^(get|put|post|delete|options|head|patch|trace)$/.test(third)) {
    head = `${third.toUpperCase()} ${second}`;
    tail = rest;
  } else if (first === 'paths' && second !== undefined) {
    head = `path ${second}`;
    tail = third === undefined ? [] : [third, ...rest];
  } else if (first === 'components' && second === 'schemas' && third !== undefined) {
    head = `schema ${third}`;
    tail = rest;
  } else if (first === 'components' && second !== undefined && third !== undefined) {
    head = `components → ${second} → ${third}`;
    tail = rest;
  } else {
    return keyPath.length === 0 ? 'the top level of the document' : keyPath.map(String).join(' → ');
  }
  return [head, ...tail].join(' → ');
}

export function pointerOf(problem: SpecProblem): string {
  return keyPathToPointer(problem.keyPath);
}

/** Edit distance for "did you mean" suggestions (short keys, so the simple table is fine). */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (distance <= Math.max(1, Math.floor(candidate.length / 4)) && (!best || distance < best.distance)) best = { candidate, distance };
  }
  return best?.candidate;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
