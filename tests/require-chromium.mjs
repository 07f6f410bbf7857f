#!/usr/bin/env node
// Runs before `npm test` (the pretest script). The browser tests drive Debian's chromium; without
// it two suites would crash at launch minutes into the run, so stop at once with the one thing to
// do. Installing it here would need root and apt from a test command; `bash .ci/setup` does that.
import { accessSync, constants, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

// The same lookup as launchChromium() in tests/helpers.ts.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
let usable;
try {
  accessSync(chromium, constants.X_OK);
  usable = statSync(chromium).isFile();
} catch {
  usable = false;
}
if (!usable) {
  const install = '"bash .ci/setup" (it installs Debian chromium with apt-get)';
  const line =
    process.env.CHROMIUM_PATH === undefined
      ? `chromium is missing: run ${install}, or set CHROMIUM_PATH`
      : `chromium is missing: CHROMIUM_PATH=${chromium} is not an executable file; run ${install}, or fix CHROMIUM_PATH`;
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

// curl runs the API reference's curl samples (tests/openapi/samples-run.test.ts); .ci/setup installs
// it too. DOCSGEN_CURL names another program, for the test of this message.
const curl = process.env.DOCSGEN_CURL ?? 'curl';
if (spawnSync(curl, ['--version'], { stdio: 'ignore' }).status !== 0) {
  process.stderr.write(`curl is missing: run "bash .ci/setup" (it installs Debian curl with apt-get)\n`);
  process.exit(1);
}
