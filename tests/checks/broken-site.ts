/** A copy of the basic fixture with a known set of broken links, anchors, routes and images. */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { copyFixture } from '../helpers.ts';

export const EXPECTED = [
  { kind: 'broken-link', link: '/docs/nope/' },
  { kind: 'broken-link', link: '/docs/missing-from-navbar/' },
  { kind: 'broken-link', link: '../ghost/' },
  { kind: 'broken-anchor', link: '/docs/guide/first/#no-such-heading' },
  { kind: 'broken-anchor', link: '#nowhere' },
  { kind: 'broken-markdown-link', link: './missing.md' },
  { kind: 'broken-markdown-link', link: '[the guide][guide-link]' },
  { kind: 'broken-link', link: '../../../above/' },
  { kind: 'duplicate-route', link: undefined },
  { kind: 'missing-image', link: './img/none.png' },
];

export async function brokenSite(): Promise<string> {
  const dir = await copyFixture('basic');
  await writeFile(
    path.join(dir, 'content/guide/links.md'),
    [
      '---',
      'title: Links',
      'sidebar_position: 4',
      '---',
      '',
      '<a id="legacy-anchor"></a>',
      '',
      '## Good links',
      '',
      '[custom id](./first.md#custom-id) [raw anchor](#legacy-anchor) [heading](./index.md#sub-step) [external](https://example.com/x)',
      '[spec file](/api/mini.yaml) [operation](/api#/things/listThings) [html rule](/guide/second.html)',
      '',
      '## Broken links',
      '',
      '[absolute](/nope/)',
      '[relative](../ghost/)',
      '[anchor](./first.md#no-such-heading)',
      '[same page](#nowhere)',
      '[markdown](./missing.md)',
      '[the guide][guide-link] [defined][ok] [above the base](../../../above/)',
      '',
      '[ok]: ./first.md',
      '',
      '![missing](./img/none.png)',
      '',
    ].join('\n'),
  );
  await writeFile(path.join(dir, 'content/guide/zz-dup.md'), '---\ntitle: Duplicate\nslug: second\n---\n\nSame route as second.md.\n');
  const config = path.join(dir, 'config.yaml');
  await writeFile(config, (await readFile(config, 'utf8')).replace('    - { type: link, label: API, to: api, position: left }', '    - { type: link, label: API, to: api, position: left }\n    - { type: link, label: Broken, to: /missing-from-navbar/, position: left }\n    - { type: link, label: Elsewhere, href: /other/page/, position: left }'));
  return dir;
}
