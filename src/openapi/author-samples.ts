/**
 * Code samples the spec's author wrote, in Redoc's `x-codeSamples` (or the older `x-code-samples`):
 * `{ lang, label?, source }` per sample. They come first, in the author's order; a sample in a
 * language docsgen also writes (curl, JavaScript, Python, PowerShell) replaces docsgen's, whose others follow.
 */
import type { ApiCodeSample } from '../../theme/api-model.ts';
import { isObject } from './pointer.ts';

const SAME_AS: Record<string, string> = {
  curl: 'curl',
  shell: 'curl',
  bash: 'curl',
  sh: 'curl',
  javascript: 'javascript',
  js: 'javascript',
  node: 'javascript',
  nodejs: 'javascript',
  'node.js': 'javascript',
  python: 'python',
  py: 'python',
  python3: 'python',
  powershell: 'powershell',
  pwsh: 'powershell',
  ps1: 'powershell',
};

export function withAuthorSamples(operation: Record<string, unknown>, generated: ApiCodeSample[]): ApiCodeSample[] {
  const list = operation['x-codeSamples'] ?? operation['x-code-samples'];
  if (!Array.isArray(list)) return generated;
  const own = list.filter(isObject).flatMap((sample): ApiCodeSample[] => {
    if (typeof sample.source !== 'string' || typeof sample.lang !== 'string' || sample.lang.trim() === '') return [];
    const lang = languageKey(sample.lang);
    const label = typeof sample.label === 'string' && sample.label.trim() !== '' ? sample.label.trim() : sample.lang.trim();
    return [{ lang, label, code: sample.source.replace(/\s+$/, '') }];
  });
  const unique = own.filter((sample, i) => own.findIndex((other) => other.lang === sample.lang) === i);
  return [...unique, ...generated.filter((sample) => !unique.some((other) => other.lang === sample.lang))];
}

/** The key a language is chosen by across the page: docsgen's own for its four, else a slug. */
function languageKey(lang: string): string {
  const lower = lang.trim().toLowerCase();
  return SAME_AS[lower] ?? (lower.replace(/[^a-z0-9#+]+/g, '-').replace(/^-|-$/g, '') || 'code');
}
