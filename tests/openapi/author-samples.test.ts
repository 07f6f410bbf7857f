/** x-codeSamples: the author's samples first; one in a language docsgen writes replaces docsgen's. */
import { describe, it, expect } from 'vitest';
import { withAuthorSamples } from '../../src/openapi/author-samples.ts';
import type { ApiCodeSample } from '../../theme/api-model.ts';

const generated: ApiCodeSample[] = [
  { lang: 'curl', label: 'curl', code: 'curl made' },
  { lang: 'javascript', label: 'JavaScript', code: 'js made' },
  { lang: 'python', label: 'Python', code: 'py made' },
];

describe("the author's code samples", () => {
  it('come first in their order, replace the made sample of the same language, and keep the others', () => {
    const samples = withAuthorSamples(
      {
        'x-codeSamples': [
          { lang: 'Go', source: 'package main\n\n' },
          { lang: 'Shell', label: 'cURL', source: 'curl own' },
          { lang: 'Node', source: 'node own' },
        ],
      },
      generated,
    );
    expect(samples.map((s) => [s.lang, s.label, s.code])).toEqual([
      ['go', 'Go', 'package main'],
      ['curl', 'cURL', 'curl own'],
      ['javascript', 'Node', 'node own'],
      ['python', 'Python', 'py made'],
    ]);
  });

  it('reads the older x-code-samples, skips entries without a language or source, and keeps the first of a language', () => {
    const samples = withAuthorSamples(
      {
        'x-code-samples': [{ lang: 'C#', source: 'one' }, { lang: 'c#', source: 'two' }, { lang: '', source: 'x' }, { lang: 'Ruby' }, 'text', { lang: 'PHP', source: '<?php' }],
      },
      generated,
    );
    expect(samples.map((s) => `${s.lang}:${s.code}`)).toEqual(['c#:one', 'php:<?php', 'curl:curl made', 'javascript:js made', 'python:py made']);
    expect(withAuthorSamples({}, generated)).toBe(generated);
  });
});
