/**
 * Named, timed stages. Every stage of a build runs through `stage(name, fn)`, which reports
 * progress and, with DOCSGEN_TIMINGS=1, how long it took, the memory the build then held (under
 * `node --expose-gc` the heap figure is what the build retains, not garbage) and when it ended,
 * counted from the start of the process: the gaps between stages are module loading and Node's
 * start. Models: VitePress's `task()` and Docusaurus's PerfLogger.
 */
export interface StageTiming {
  name: string;
  ms: number;
}

export type Progress = (phase: string, done: number, total: number) => void;

export interface StageRunner {
  <T>(name: string, fn: () => Promise<T> | T): Promise<T>;
  readonly timings: readonly StageTiming[];
}

export function createStageRunner(options: { progress?: Progress; log?: (line: string) => void } = {}): StageRunner {
  const timings: StageTiming[] = [];
  const log = options.log ?? (process.env.DOCSGEN_TIMINGS ? (line: string) => process.stderr.write(`${line}\n`) : undefined);
  const run = async <T>(name: string, fn: () => Promise<T> | T): Promise<T> => {
    const started = performance.now();
    const result = await fn();
    const ms = performance.now() - started;
    timings.push({ name, ms });
    if (log) log(`timing ${name}: ${ms.toFixed(0)} ms (${memoryNote()}) at ${performance.now().toFixed(0)} ms`);
    return result;
  };
  return Object.assign(run, { timings }) as StageRunner;
}

function memoryNote(): string {
  (globalThis as { gc?: () => void }).gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  const mb = (bytes: number) => (bytes / 1048576).toFixed(0);
  return `rss ${mb(rss)} MB, heap ${mb(heapUsed)} MB`;
}
