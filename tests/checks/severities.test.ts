/**
 * Severities (src/checks/findings.ts): what config.yaml and --strict make of each kind of finding,
 * and whether a build's checks can fail at all (build --watch writes an edit's pages before its
 * checks only when they cannot).
 */
import { describe, it, expect } from 'vitest';
import { checksCanFail, severityOf } from '../../src/checks/findings.ts';

const warnEverywhere = { onBrokenLinks: 'warn', onBrokenAnchors: 'warn', onBrokenMarkdownLinks: 'warn', onDuplicateRoutes: 'warn', onInvalidApiSpec: 'warn' } as const;

describe('severities', () => {
  it('makes warnings errors under --strict, and leaves ignored kinds ignored', () => {
    expect(severityOf('broken-link', warnEverywhere, false)).toBe('warn');
    expect(severityOf('broken-link', warnEverywhere, true)).toBe('error');
    expect(severityOf('broken-anchor', { ...warnEverywhere, onBrokenAnchors: 'ignore' }, true)).toBe('ignore');
    expect(severityOf('missing-image', warnEverywhere, true)).toBe('error');
  });

  it('says the checks cannot fail a build only when no kind of finding can be an error', () => {
    expect(checksCanFail(warnEverywhere, false)).toBe(false);
    expect(checksCanFail(warnEverywhere, true)).toBe(true);
    expect(checksCanFail({ ...warnEverywhere, onDuplicateRoutes: 'error' }, false)).toBe(true);
    // Every configurable kind ignored: the other kinds are still warnings, errors under --strict.
    const ignored = { onBrokenLinks: 'ignore', onBrokenAnchors: 'ignore', onBrokenMarkdownLinks: 'ignore', onDuplicateRoutes: 'ignore', onInvalidApiSpec: 'ignore' } as const;
    expect(checksCanFail(ignored, false)).toBe(false);
    expect(checksCanFail(ignored, true)).toBe(true);
  });
});
