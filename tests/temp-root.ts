/**
 * Vitest global setup: every temporary folder of a test run goes under one folder of its own,
 * removed when the run ends. Tests and the docsgen processes they start make their folders with
 * os.tmpdir(), which follows TMPDIR; forks and child processes inherit it. Without this, a full run
 * left some 1,800 copies of fixture sites (gigabytes) in /tmp. DOCSGEN_KEEP_TEST_TMP=1 keeps the
 * folder to look into after a failure.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export default async function setup(): Promise<() => Promise<void>> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'docsgen-tests-'));
  // As open as /tmp itself: some tests run docsgen as another user (write-errors.test.ts).
  await chmod(root, 0o1777);
  process.env.TMPDIR = root;
  return async () => {
    if (process.env.DOCSGEN_KEEP_TEST_TMP === '1') console.log(`test files kept in ${root}`);
    else await rm(root, { recursive: true, force: true, maxRetries: 3 });
  };
}
