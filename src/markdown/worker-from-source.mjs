// The markdown worker's entry when docsgen runs from its TypeScript source (tests, benchmark): on
// Node 20 a worker whose entry is a .ts file does not get tsx's loader from execArgv, so this plain
// module registers tsx and then imports the real entry (src/markdown/worker.ts).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.sourceEntry);
