/**
 * A value that the public facts sheet supports only for other releases is labelled with those
 * releases where a page first gives it (content/faq/how-to-read-the-documentation.md, "Described the
 * same way in neighbouring releases"). The content audit found pages that gave the rows below
 * without their releases; this keeps them labelled. The label has to appear before the end of the
 * paragraph (or table, or list) in which the page first states the value; a later "(the menu path
 * of the same releases)" may then refer back to it.
 */
import { describe, it, expect } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../helpers.ts';

const CONTENT = path.join(ROOT, 'content');
const pages = readdirSync(CONTENT, { recursive: true })
  .map(String)
  .filter((f) => f.endsWith('.md'))
  .map((f) => ({
    rel: f.split(path.sep).join('/'),
    // Bold markers split menu paths ("**Engines** > **Hosts**"); line breaks split phrases.
    text: readFileSync(path.join(CONTENT, f), 'utf8').replace(/\*\*/g, ''),
  }));

/** The words a diagram shows (its text, title and description), which state facts as a page does. */
const diagrams = readdirSync(CONTENT, { recursive: true })
  .map(String)
  .filter((f) => f.endsWith('.svg'))
  .map((f) => ({
    rel: f.split(path.sep).join('/'),
    text: [...readFileSync(path.join(CONTENT, f), 'utf8').matchAll(/<(text|title|desc)\b[^>]*>([\s\S]*?)<\/\1>/g)].map((m) => (m[2] ?? '').replace(/<[^>]+>/g, ' ')).join('\n'),
  }));

const ROWS: { row: string; what: string; value: RegExp; label: RegExp }[] = [
  {
    row: 'E3',
    what: 'the Engines > Hosts (> Cache) menu path',
    value: /Engines\s*>\s*Hosts/,
    label: /5\.3 SP2\s+and\s+5\.5/,
  },
  {
    row: 'E3',
    what: 'the cache clean-up and "Cannot Free Enough Space"',
    value: /Cannot\s+Free\s+Enough\s+Space|least\s+popular/,
    label: /5\.3 SP2\s+and\s+5\.5/,
  },
  {
    row: 'E2',
    what: 'the cache fill: copied on the first launch, updated on later launches',
    value: /first\s+(?:launch|time)[^.|]*\bcop(?:y|ies)\b|\bupdates?\s+(?:the|that|its|those)\s+cop(?:y|ies)\b/i,
    label: /5\.3 SP2\s+and\s+5\.5/,
  },
  {
    row: 'I3',
    what: 'the admin as the first, default user created during installation',
    value: /first\s+and\s+default\s+user|built-in\s+first\s+user/i,
    label: /5\.3\s+and\s+hub\s+1\.2/,
  },
  {
    row: 'U5',
    what: 'the parts of a user record',
    value: /personal\s+details|status\s+and\s+IP\s+address|user\s+record\s+shows\s+the\s+groups/i,
    label: /hub\s+1\.3/,
  },
  {
    row: 'LD6',
    what: 'what ReTime does: re-synchronises the gen-lock timing and the I/O systems',
    value: /synchroni[sz]es?\s+(?:the\s+|your\s+)?gen-?lock\s+tim(?:e|ing)/i,
    label: /hub\s+1\.2/,
  },
  {
    row: 'LD5',
    what: 'what Live Mode disables (renderer configurations, actions, the advanced preview monitor, single renderers)',
    value:
      /deleting\s+a\s+renderer\s+configuration|modifying\s+actions|(?:preview\s+monitor|APM)(?:'s)?\s+features|features\s+are\s+disabled\s+in\s+(?:the\s+launcher's\s+)?Live\s+Mode|single\s+renderer[^.|]*only\s+in\s+Configuration\s+Mode|single\s+renderer\s+cannot\s+be\s+stopped/i,
    label: /hub\s+1\.2/,
  },
  {
    row: 'LD7',
    what: 'the renderer columns of a launch configuration (Version, Control, FPS, Status)',
    value: /\bFPS\b|columns?\s+named\s+Version|\bVersion\s+and\s+Control\b/,
    label: /hub\s+1\.2/,
  },
  {
    row: 'U3',
    what: 'the read-only preset policies All Allowed, Administrative and Non-Administrative',
    value: /All\s+Allowed|Non-Administrative|preset\s+(?:policy\s+)?"?Administrative/,
    label: /5\.3\s+SP3\s+and\s+(?:of\s+)?hub\s+1\.3|hub\s+1\.3\s+and\s+(?:of\s+)?(?:release\s+)?5\.3\s+SP3/,
  },
  {
    row: 'U4',
    what: 'the editable example policies Studio Configuration and Studio Operation',
    value: /Studio\s+Configuration|Studio\s+Operation/,
    label: /5\.3\s+SP3\s+and\s+(?:of\s+)?hub\s+1\.3|hub\s+1\.3\s+and\s+(?:of\s+)?(?:release\s+)?5\.3\s+SP3/,
  },
  {
    row: 'LD2',
    what: 'the cooking conditions (Can Cook, engine closed through the launcher, loader running)',
    value: /Can\s+Cook|closed\s+through\s+the\s+launcher/,
    label: /hub\s+1\.3/,
  },
  {
    row: 'U6',
    what: "the built-in admin's limits (User Management and Configuration only, cannot be removed, Administration Only group)",
    value:
      /(?:use|open)\s+only\s+(?:the\s+)?User\s+Management\s+and\s+Configuration|limited\s+to\s+User\s+Management\s+and\s+Configuration|Modules\s+it\s+can\s+use|Administration\s+Only|cannot\s+be\s+removed|remove\s+the\s+admin/,
    label: /\b5\.3(?![\d.]|\s*SP)/,
  },
  {
    row: 'F8',
    what: 'a rundown engine bound to one motion design engine',
    value: /bound\s+to\s+one\s+(?:motion\s+design\s+)?engine/,
    label: /5\.5\s+(?:SP1|and\s+5\.5\s+SP1)/,
  },
  {
    row: 'C1',
    what: 'the browsers of the hub web interface, Google Chrome and Microsoft Edge (older, undated hub documentation)',
    value: /Google\s+Chrome\s+or\s+Microsoft\s+Edge|\bChrome\s+or\s+Edge\b/,
    label: /earlier\s+hub\s+documentation/,
  },
];

/**
 * Index just past the block (paragraph, list or table: up to a blank line) holding `at`. A value
 * first named in a heading may be labelled in the block that follows the heading.
 */
function blockEnd(text: string, at: number): number {
  const lineStart = text.lastIndexOf('\n', at) + 1;
  const blank = /\n[ \t]*\n/g;
  blank.lastIndex = at;
  const next = blank.exec(text);
  if (!next) return text.length;
  if (!text.startsWith('#', lineStart)) return next.index;
  return blockEnd(text, next.index + next[0].length);
}

describe('values of other releases carry their releases on first use (facts E2, E3, I3, U5, LD2, LD5, LD6, LD7, U3, U4, U6, F8, C1)', () => {
  for (const { row, what, value, label } of ROWS) {
    it(`${row}: ${what}`, () => {
      const unlabelled = pages.flatMap(({ rel, text }) => {
        const first = value.exec(text);
        if (!first) return [];
        const end = blockEnd(text, first.index);
        const labelled = label.exec(text);
        if (labelled && labelled.index < end) return [];
        const line = text.slice(0, first.index).split('\n').length;
        return [`${rel}:${line}: ${first[0]}`];
      });
      expect(unlabelled).toEqual([]);
    });
  }
});

describe('a diagram that gives a value of other releases names those releases in its own words', () => {
  it('reads the text of every diagram', () => {
    expect(diagrams.length).toBeGreaterThan(10);
    expect(diagrams.every(({ text }) => text.trim() !== '')).toBe(true);
  });

  for (const { row, what, value, label } of ROWS) {
    it(`${row}: ${what}`, () => {
      // A diagram has no paragraphs: its label may be anywhere in it (a caption line, a note).
      const unlabelled = diagrams.filter(({ text }) => value.test(text) && !label.test(text)).map(({ rel, text }) => `${rel}: ${value.exec(text)?.[0]}`);
      expect(unlabelled).toEqual([]);
    });
  }
});
