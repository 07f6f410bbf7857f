/**
 * Syntax colours for the API reference's code: the request samples (curl, JavaScript, Python,
 * PowerShell and the author's own languages Shiki knows) and every JSON example, as Redoc and Scalar show them.
 * Highlighted once at build time with the themes of the doc pages' code (light and dark, see
 * markdown/highlight.ts), so nothing is added to the page's JavaScript.
 *
 * Doc pages carry Shiki's colours on every token as a style attribute. An API page has hundreds of
 * blocks whose tokens share a handful of colour pairs, so each pair gets a class instead and one
 * small style sheet in the page names them: the hub's page grows by about a fifth of its HTML and
 * a few KB gzip, against half again with style attributes. Tokens in the theme's text colour stay
 * plain text.
 */
import type { BundledLanguage, Highlighter, ThemedTokenWithVariants } from 'shiki';
import { bundledLanguages } from 'shiki/langs';
import type { ApiCodeSample, ApiExampleView, ApiMessageView, ApiReferenceModel } from '../../theme/api-model.ts';
import { escapeHtml } from '../../theme/escape-html.ts';
import { DARK_THEME, LIGHT_THEME } from '../markdown/highlight.ts';
import { leaseShiki, TOKENIZE_OPTIONS } from '../markdown/shiki-instance.ts';
import { darkColours } from '../markdown/theme-pairs.ts';

/** Shiki's grammar for docsgen's own sample languages (see samples.ts); an author's language is its own name. */
const GRAMMAR: Record<string, string> = { curl: 'shellscript', javascript: 'javascript', python: 'python', powershell: 'powershell' };
/** Above this, a block stays plain: colouring it would cost more page than it gives the reader. */
const MAX_CHARS = 20_000;

interface Block {
  code: string;
  lang: string;
  set(html: string): void;
}

/** Colours every block of these pages (one API's), giving each page the style sheet of its classes. */
export async function highlightReferences(models: readonly ApiReferenceModel[]): Promise<void> {
  const blocks = models.map((model) => blocksOf(model));
  const langs = [...new Set(blocks.flat().map((block) => block.lang))].sort();
  if (langs.length === 0) return;
  const lease = leaseShiki(langs, [LIGHT_THEME, DARK_THEME]);
  try {
    const shiki = await lease.shiki;
    const classes = new ColourClasses(`${shiki.getTheme(LIGHT_THEME).fg}/${shiki.getTheme(DARK_THEME).fg}`.toUpperCase());
    // One pass with the light theme where it tells the dark colours too (theme-pairs.ts): half the work.
    const tokenize = tokenizer(shiki, darkColours(shiki, LIGHT_THEME, DARK_THEME));
    models.forEach((model, i) => {
      const used = new Set<string>();
      for (const block of blocks[i] ?? []) block.set(tokensToHtml(tokenize(block), classes, used));
      if (used.size > 0) model.codeStyle = classes.styleSheet(used);
    });
  } finally {
    lease.release();
  }
}

function blocksOf(model: ApiReferenceModel): Block[] {
  const blocks: Block[] = [];
  const messages: ApiMessageView[] = [...(model.webhooks ?? [])];
  for (const tag of model.tags) {
    for (const op of tag.operations) {
      messages.push(op, ...(op.callbacks ?? []).flatMap((callback) => callback.events));
      for (const sample of op.samples) addSample(blocks, sample);
    }
  }
  for (const message of messages) {
    for (const parameter of message.parameters) addExamples(blocks, parameter.examples);
    for (const media of [...(message.requestBody?.contents ?? []), ...message.responses.flatMap((r) => r.contents)]) addExamples(blocks, media.examples);
  }
  return blocks;
}

function addSample(blocks: Block[], sample: ApiCodeSample): void {
  const lang = GRAMMAR[sample.lang] ?? sample.lang;
  if (!(lang in bundledLanguages) || sample.code.length > MAX_CHARS) return;
  blocks.push({ code: sample.code, lang, set: (html) => (sample.html = html) });
}

/** JSON examples only: text examples (XML, plain text, a form's fields) are shown as they are. */
function addExamples(blocks: Block[], examples: readonly ApiExampleView[]): void {
  for (const example of examples) {
    if (example.value.length > MAX_CHARS || !isJson(example.value)) continue;
    blocks.push({ code: example.value, lang: 'json', set: (html) => (example.html = html) });
  }
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** A token's text and its colours (upper case) and font style in both themes. */
interface PairedToken {
  content: string;
  light?: string | undefined;
  dark?: string | undefined;
  fontStyle: number;
}

function tokenizer(shiki: Highlighter, dark: Map<string, string> | undefined): (block: Block) => PairedToken[][] {
  if (dark) {
    return (block) =>
      shiki
        .codeToTokensBase(block.code, { ...TOKENIZE_OPTIONS, lang: block.lang as BundledLanguage, theme: LIGHT_THEME })
        .map((line) => line.map((t) => ({ content: t.content, light: t.color?.toUpperCase(), dark: t.color && dark.get(t.color.toUpperCase()), fontStyle: t.fontStyle ?? 0 })));
  }
  return (block) =>
    shiki
      .codeToTokensWithThemes(block.code, { ...TOKENIZE_OPTIONS, lang: block.lang as BundledLanguage, themes: { light: LIGHT_THEME, dark: DARK_THEME } })
      .map((line) => line.map((t: ThemedTokenWithVariants) => ({ content: t.content, light: t.variants.light?.color?.toUpperCase(), dark: t.variants.dark?.color?.toUpperCase(), fontStyle: t.variants.light?.fontStyle ?? 0 })));
}

function tokensToHtml(lines: PairedToken[][], classes: ColourClasses, used: Set<string>): string {
  return lines
    .map((line) =>
      line
        .map((token) => {
          const name = classes.of(token);
          if (!name || token.content.trim() === '') return escapeHtml(token.content);
          used.add(name);
          return `<span class="${name}">${escapeHtml(token.content)}</span>`;
        })
        .join(''),
    )
    .join('\n');
}

/** One class per pair of colours (and font style) the themes give a token; the text colour has none. */
class ColourClasses {
  /** `light/dark`: the themes' own text colours (upper case), which the page's text colour stands for. */
  constructor(private readonly textColours: string) {}

  private readonly names = new Map<string, string>();
  private readonly rules = new Map<string, { light: string; dark: string; italic: boolean; bold: boolean }>();

  of(token: PairedToken): string | undefined {
    const { light, dark, fontStyle } = token;
    if (!light || !dark) return undefined;
    if (`${light}/${dark}` === this.textColours && fontStyle === 0) return undefined;
    const key = `${light}/${dark}/${fontStyle}`;
    let name = this.names.get(key);
    if (!name) {
      name = `hl${this.names.size.toString(36)}`;
      this.names.set(key, name);
      this.rules.set(name, { light, dark, italic: (fontStyle & 1) !== 0, bold: (fontStyle & 2) !== 0 });
    }
    return name;
  }

  /**
   * The rules for these classes: the light colour, the dark one under the dark theme, and the
   * light one again when a dark page is printed (as the doc pages' code, see main.css). No quote
   * or angle bracket, so the sheet is safe as a style element's text.
   */
  styleSheet(used: ReadonlySet<string>): string {
    const names = [...used].sort();
    const light = names.map((name) => `.api-code .${name}{color:${this.rules.get(name)?.light}${fontRules(this.rules.get(name))}}`).join('');
    const dark = names.map((name) => `html[data-theme=dark] .api-code .${name}{color:${this.rules.get(name)?.dark}}`).join('');
    const print = names.map((name) => `html[data-theme=dark] .api-code .${name}{color:${this.rules.get(name)?.light}}`).join('');
    return `${light}${dark}@media print{${print}}`;
  }
}

function fontRules(rule: { italic: boolean; bold: boolean } | undefined): string {
  return `${rule?.italic ? ';font-style:italic' : ''}${rule?.bold ? ';font-weight:700' : ''}`;
}

