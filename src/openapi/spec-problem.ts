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

/** Optimal string alignment distance: a swapped pair of letters ("Thnig") counts as one edit. */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = d[i] as number[];
      const up = d[i - 1] as number[];
      row[j] = Math.min((up[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (up[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j] ?? 0, ((d[i - 2] as number[])[j - 2] ?? 0) + 1);
    }
  }
  return (d[a.length] as number[])[b.length] ?? 0;
}
