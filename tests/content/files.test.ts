/** Listing and reading content/: symbolic links, files that change during a build, encodings. */
import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import { mkdir, mkdtemp, rm, symlink, writeFile, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { listContentFiles, readContentFile } from '../../src/content/files.ts';
import { decodeContentText } from '../../src/content/encoding.ts';
import { DocsgenError } from '../../src/errors.ts';

let dir: string;
let content: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-files-'));
  content = path.join(dir, 'content');
  await mkdir(path.join(content, 'guide/img'), { recursive: true });
  await writeFile(path.join(content, 'guide/page.md'), '# Page\n');
  await writeFile(path.join(dir, 'secret.txt'), 'SECRET');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const warned = (listing: Awaited<ReturnType<typeof listContentFiles>>, rel: string) => listing.warnings.find((w) => w.position.file === path.join(content, rel));

describe('listing content/', () => {
  it('follows links to files inside content/, not to files outside, folders or loops, and names each', async () => {
    await symlink('../page.md', path.join(content, 'guide/img/alias.md'));
    await symlink(path.join(dir, 'secret.txt'), path.join(content, 'guide/img/leak.png'));
    await symlink('/etc/passwd', path.join(content, 'guide/img/passwd.png'));
    await symlink('..', path.join(content, 'guide/up'));
    await mkdir(path.join(content, 'a'));
    await symlink('../a', path.join(content, 'a/b'));
    await symlink('y', path.join(content, 'a/x'));
    await symlink('x', path.join(content, 'a/y'));
    const listing = await listContentFiles(content);
    expect(listing.files).toEqual(['guide/img/alias.md', 'guide/page.md']);
    expect(warned(listing, 'guide/img/leak.png')?.message).toContain(`points outside content/ (to ${path.join(dir, 'secret.txt')})`);
    expect(warned(listing, 'guide/img/passwd.png')?.message).toContain('(to /etc/passwd)');
    expect(warned(listing, 'guide/up')?.message).toContain('points to a folder');
    expect(warned(listing, 'a/b')?.message).toContain('points to a folder');
    expect(warned(listing, 'a/x')?.message).toContain('is a loop');
    expect(listing.warnings).toHaveLength(6);
  });

  it('a content/ that is itself a link is fine; what it holds must stay inside its target', async () => {
    const linked = path.join(dir, 'linked-content');
    await symlink(content, linked);
    await symlink(path.join(dir, 'secret.txt'), path.join(content, 'leak.md'));
    const listing = await listContentFiles(linked);
    expect(listing.files).toEqual(['guide/page.md']);
    expect(listing.warnings.map((w) => w.position.file)).toEqual([path.join(linked, 'leak.md')]);
  });
});

describe('reading a listed file', () => {
  it('a file deleted or replaced by a folder since it was listed is a warning', async () => {
    const listing = await listContentFiles(content);
    await unlink(path.join(content, 'guide/page.md'));
    const gone = await readContentFile(listing, content, 'guide/page.md');
    expect('warning' in gone && gone.warning.message).toContain('changed while the site was built');
    await mkdir(path.join(content, 'guide/page.md'));
    const folder = await readContentFile(listing, content, 'guide/page.md');
    expect('warning' in folder && folder.warning.position.file).toBe(path.join(content, 'guide/page.md'));
  });

  it('a file swapped for a link to outside content/ after listing is not read', async () => {
    const listing = await listContentFiles(content);
    await unlink(path.join(content, 'guide/page.md'));
    await symlink(path.join(dir, 'secret.txt'), path.join(content, 'guide/page.md'));
    const read = await readContentFile(listing, content, 'guide/page.md');
    expect('bytes' in read).toBe(false);
    expect('warning' in read && read.warning.message).toContain('points outside content/');
  });

  it('a dangling link is an unreadable file: an error', async () => {
    await symlink(path.join(content, 'nowhere.md'), path.join(content, 'broken.md'));
    const listing = await listContentFiles(content);
    expect(listing.files).toContain('broken.md');
    await expect(readContentFile(listing, content, 'broken.md')).rejects.toThrow(DocsgenError);
    await expect(readContentFile(listing, content, 'broken.md')).rejects.toThrow('cannot read this file (ENOENT)');
  });
});

describe('decoding text', () => {
  const page = '---\ntitle: Café\n---\n\nCafé crème — naïve.\n';
  const textOf = (bytes: Uint8Array) => {
    const decoded = decodeContentText(bytes);
    return 'text' in decoded ? decoded : undefined;
  };

  it('UTF-8 with or without a byte-order mark and UTF-16 with one are read silently', () => {
    const utf8 = Buffer.from(page, 'utf8');
    for (const bytes of [utf8, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8]), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(page, 'utf16le')]), Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(page, 'utf16le').swap16()])]) {
      expect(textOf(bytes)).toEqual({ text: page });
    }
  });

  it('UTF-16 without a mark, Latin-1 and stray NUL bytes are read with a warning; binary is not text', () => {
    expect(textOf(Buffer.from(page, 'utf16le'))?.warning?.message).toContain('UTF-16LE without a byte-order mark');
    expect(textOf(Buffer.from(page, 'utf16le'))?.text).toBe(page);
    const latin1 = textOf(Buffer.from(page.replace('—', '-'), 'latin1'));
    expect(latin1?.text).toBe(page.replace('—', '-'));
    expect(latin1?.warning).toMatchObject({ line: 2, column: 11 });
    expect(latin1?.warning?.message).toContain('Windows-1252');
    const nul = textOf(Buffer.from('a\nb\u0000c\n', 'utf8'));
    expect(nul?.warning).toMatchObject({ line: 2, column: 2 });
    const binary = decodeContentText(Buffer.from(Array.from({ length: 1024 }, (_, i) => (i * 7) % 256)));
    expect('notText' in binary && binary.notText.message).toContain('not text');
  });
});
