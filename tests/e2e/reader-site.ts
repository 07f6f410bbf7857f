/**
 * The fixture as the reader tests use it: in a temporary git repository (so "Last updated" has a
 * true date to show), with "Edit this page" on, a page of code blocks and tabs, and the guide's
 * index.md as a category page.
 */
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { copyFixture, runCli } from '../helpers.ts';
import { serveSite, type E2eSite } from './setup.ts';

/** The fixture's one commit, at a fixed date, so "Last updated" has something true to say. */
export const COMMIT_DATE = '2026-03-14T12:00:00Z';
export const EDIT_URL = 'https://git.example.com/docs/edit/main/content/';

/** A page of code blocks and tabs, added to this file's copy of the fixture. */
const CODE_AND_TABS = `---
title: Code and tabs
description: Code blocks with titles and highlighted lines, and tabs.
sidebar_position: 4
---

A titled block with two highlighted lines:

\`\`\`ts title="src/start.ts" {1,3}
const port = 8080;
const mode = 'fast';
console.log(port, mode);
\`\`\`

A block highlighted by a magic comment:

\`\`\`bash
echo one
# highlight-next-line
echo two
\`\`\`

## Choose your system

::::tabs{groupId="os"}
:::tab[Linux]
Install with \`apt install fixture-tool\`.
:::
:::tab[Windows]
Install with the **setup wizard**.

### Windows details

Run the wizard as an administrator.
:::
::::

## Again for the same systems

::::tabs{groupId="os"}
:::tab[Linux]
Linux notes again.
:::
:::tab[Windows]
Windows notes again.
:::
::::
`;

/**
 * The fixture in a temporary git repository, with "Edit this page" and "Last updated" switched on,
 * the page above, and the guide's index.md as a category page (\`layout: category\`).
 */
export async function startReaderSite(): Promise<E2eSite> {
  const dir = await copyFixture('basic');
  await writeFile(path.join(dir, 'content/guide/third.md'), CODE_AND_TABS);
  const index = path.join(dir, 'content/guide/index.md');
  await writeFile(index, (await readFile(index, 'utf8')).replace('sidebar_position: 1\n', 'sidebar_position: 1\nlayout: category\n'));
  const config = path.join(dir, 'config.yaml');
  await writeFile(config, (await readFile(config, 'utf8')).replace('docs:\n', `docs:\n  editUrl: ${EDIT_URL}\n  showLastUpdateTime: true\n`));
  const env = { ...process.env, GIT_AUTHOR_DATE: COMMIT_DATE, GIT_COMMITTER_DATE: COMMIT_DATE, GIT_AUTHOR_NAME: 'Fixture', GIT_AUTHOR_EMAIL: 'fixture@example.com', GIT_COMMITTER_NAME: 'Fixture', GIT_COMMITTER_EMAIL: 'fixture@example.com' };
  for (const args of [['init', '-q'], ['add', '-A'], ['commit', '-q', '-m', 'fixture']]) execFileSync('git', args, { cwd: dir, env });
  const result = await runCli(['build', '--config', config]);
  if (result.code !== 0) throw new Error(`fixture build failed: ${result.stderr}`);
  return serveSite(dir, path.join(dir, 'out'), '/docs/');
}
