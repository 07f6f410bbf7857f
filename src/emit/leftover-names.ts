/**
 * The names of the folders a build leaves beside out/ (or inside it, when it cannot be swapped: see output.ts)
 * while it runs: its staging folder (`temp`) and the previous out/ set aside by a swap (`old`).
 */
export const LEFTOVER_PREFIX = { temp: '.docsgen-tmp-', old: '.docsgen-old-' } as const;

/** A top-level name of out/ that is a build's staging folder, not part of the site. */
export function isLeftoverName(name: string): boolean {
  return name.startsWith(LEFTOVER_PREFIX.temp) || name.startsWith(LEFTOVER_PREFIX.old);
}
