/**
 * The tests' watchdog for a docsgen run taken as hung (runCli's `hangAfterMs`, used where a run once
 * hung in CI): the failure must say where docsgen was, and the run must end and clean up after itself.
 */
import { describe, it, expect } from 'vitest';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { copyFixture, runCli } from '../helpers.ts';

describe('runCli hang watchdog', () => {
  it("kills a run still going after its limit, adds where it was (stack, live handles) to stderr, and removes the report's folder", async () => {
    const site = await copyFixture('basic');
    // The dev server never ends by itself: a stand-in for a hung command.
    const result = await runCli(['serve', '--config', path.join(site, 'config.yaml'), '--port', '0'], { hangAfterMs: 8000 });
    expect(result.stderr).toMatch(/still running after 8000 ms; killed\. Report: stack \{.*\}; active handles \[.*"tcp".*\]/s);
    expect(result.code).not.toBe(0);
    expect(result.reportDir).toBeDefined();
    expect(existsSync(result.reportDir as string)).toBe(false);
    await rm(site, { recursive: true, force: true });
  }, 30_000);
});
