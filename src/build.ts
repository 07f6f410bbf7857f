/**
 * `docsgen build`, `check` and `search export`: one full run of the builder's named stages (see
 * src/build/builder.ts, which the dev server shares).
 */
import { createBuilder, type BuilderOptions, type BuildResult } from './build/builder.ts';

export type { BuildResult, BuilderOptions } from './build/builder.ts';

export function build(options: BuilderOptions): Promise<BuildResult> {
  return createBuilder(options).full();
}
