/** The one lister of a folder's tree (src/emit/list-tree.ts), used by the manifest and the move into out/. */
import { describe, it, expect } from 'vitest';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { listTree } from '../../src/emit/list-tree.ts';

describe('listTree', () => {
  it('gives every file and folder below the root, relative and /-separated, a symbolic link as a file and never followed', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'docsgen-list-'));
    await mkdir(path.join(root, 'guide/deep/er'), { recursive: true });
    await mkdir(path.join(root, 'empty'));
    await writeFile(path.join(root, 'index.html'), 'a');
    await writeFile(path.join(root, 'guide/deep/er/page.html'), 'b');
    await symlink(path.join(root, 'guide'), path.join(root, 'link'));
    const listing = listTree(root);
    expect(listing?.files.sort()).toEqual(['guide/deep/er/page.html', 'index.html', 'link']);
    expect(listing?.folders.sort()).toEqual(['empty', 'guide', 'guide/deep', 'guide/deep/er']);
    // The same with a trailing separator on the root.
    expect(listTree(root + path.sep)?.files.sort()).toEqual(listing?.files);
    await rm(root, { recursive: true, force: true });
  });

  it('is undefined for a root that is missing or a file', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'docsgen-list-'));
    await writeFile(path.join(root, 'file'), 'x');
    expect(listTree(path.join(root, 'missing'))).toBeUndefined();
    expect(listTree(path.join(root, 'file'))).toBeUndefined();
    await rm(root, { recursive: true, force: true });
  });
});
