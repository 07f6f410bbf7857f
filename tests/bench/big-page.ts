/**
 * One large markdown page shaped like real documentation (headings, paragraphs with links and
 * inline code, lists, block quotes, footnotes, tables, code blocks, admonitions), for measuring how time and memory grow
 * with the size of a single page. Deterministic: the same size gives the same bytes.
 */
const WORDS = 'hub render engine launcher playout rundown template graph node property channel preview cache project licence backup restore network port storage video input output genlock timeline keyframe action form newsroom operator configure install select open save apply restart verify field value status'.split(' ');
const LANGS = ['bash', 'json', 'yaml', 'typescript'];

/** A page of about `bytes` characters (never less). */
export function bigPageMarkdown(bytes: number): string {
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const sentence = () => {
    const words = Array.from({ length: 8 + Math.floor(random() * 10) }, () => pick(WORDS));
    return `${words.join(' ').replace(/^./, (c) => c.toUpperCase())}.`;
  };
  const parts: string[] = ['---', 'title: One big page', '---', '', '# One big page', ''];
  let size = 0;
  let previous = '';
  for (let i = 0; size < bytes; i++) {
    const heading = `${pick(WORDS)} ${pick(WORDS)} ${i}`;
    previous ||= heading.replace(/ /g, '-');
    const section = [
      `## ${heading}`,
      '',
      `${sentence()} See [the previous section](#${previous}) and \`${pick(WORDS)}.${pick(WORDS)}\`. ${sentence()} **${sentence()}** ${sentence()}`,
      '',
      `### ${pick(WORDS)} details ${i}`,
      '',
      ...Array.from({ length: 4 }, () => `- ${sentence()} [More](https://example.com/${pick(WORDS)})`),
      '',
      `> ${sentence()}`,
      '',
      `${sentence()}${i % 4 === 0 ? `[^n${i}]` : ''}`,
      '',
      ...(i % 4 === 0 ? [`[^n${i}]: ${sentence()}`, ''] : []),
      '| Field | Default | Meaning |',
      '|---|---|---|',
      ...Array.from({ length: 5 }, (_, n) => `| \`${pick(WORDS)}\` | ${n * 17} | ${sentence()} |`),
      '',
      `\`\`\`${pick(LANGS)}`,
      ...Array.from({ length: 6 }, (_, n) => `${pick(WORDS)}: ${n * 101} # ${pick(WORDS)}`),
      '```',
      '',
      i % 3 === 0 ? `:::note[${pick(WORDS)}]\n${sentence()}\n:::\n` : `1. ${sentence()}\n2. ${sentence()}\n`,
    ].join('\n');
    parts.push(section);
    previous = heading.replace(/ /g, '-');
    size += section.length + 1;
  }
  return `${parts.join('\n')}\n`;
}
