/**
 * Findings of the checks, their severities (from config and --strict) and how they are reported:
 * text for people, JSON for tools, annotations for GitHub Actions.
 */
import type { SiteConfig, Severity } from '../config/schema.ts';
import { formatPosition, type SourcePosition } from '../errors.ts';

const FINDING_KINDS = [
  'broken-link',
  'broken-anchor',
  'broken-markdown-link',
  'duplicate-route',
  'missing-image',
  'unreadable-image',
  'removed-html',
  'unclosed-block',
  'misplaced-block',
  'theme-css',
  'unknown-front-matter',
  'content-file',
  'config',
  'invalid-api-spec',
] as const;

export type FindingKind = (typeof FINDING_KINDS)[number];

export interface Finding {
  kind: FindingKind;
  message: string;
  position: SourcePosition;
  hint?: string;
  link?: string;
  pages?: string[];
  severity?: Severity;
}

export function severityOf(kind: FindingKind, checks: SiteConfig['checks'], strict: boolean): Severity {
  const configured: Severity =
    kind === 'broken-link'
      ? checks.onBrokenLinks
      : kind === 'broken-anchor'
        ? checks.onBrokenAnchors
        : kind === 'broken-markdown-link'
          ? checks.onBrokenMarkdownLinks
          : kind === 'duplicate-route'
            ? checks.onDuplicateRoutes
            : kind === 'invalid-api-spec'
              ? checks.onInvalidApiSpec
              : 'warn';
  if (strict && configured === 'warn') return 'error';
  return configured;
}

/** Whether any finding could be an error under these severities: only then can the checks fail a build. */
export function checksCanFail(checks: SiteConfig['checks'], strict: boolean): boolean {
  return FINDING_KINDS.some((kind) => severityOf(kind, checks, strict) === 'error');
}

export function applySeverities(findings: Finding[], checks: SiteConfig['checks'], strict: boolean): Finding[] {
  return findings
    .map((f) => ({ ...f, severity: severityOf(f.kind, checks, strict) }))
    .filter((f) => f.severity !== 'ignore')
    .sort((a, b) => formatPosition(a.position).localeCompare(formatPosition(b.position), 'en', { numeric: true }));
}

export function formatFinding(finding: Finding, root: string): string {
  const where = formatPosition({ ...finding.position, file: relative(finding.position.file, root) });
  const head = `${where}: ${finding.severity === 'error' ? 'error' : 'warning'}: ${finding.message}`;
  return finding.hint ? `${head}\n  hint: ${finding.hint}` : head;
}

/** GitHub Actions workflow commands, so findings show up on the pull request's lines. */
export function githubAnnotation(finding: Finding, root: string): string {
  const level = finding.severity === 'error' ? 'error' : 'warning';
  const props = [`file=${relative(finding.position.file, root)}`];
  if (finding.position.line !== undefined) props.push(`line=${finding.position.line}`);
  if (finding.position.column !== undefined) props.push(`col=${finding.position.column}`);
  const escape = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  return `::${level} ${props.join(',')}::${escape(finding.message)}`;
}

export function summarize(findings: Finding[]): string {
  const errors = findings.filter((f) => f.severity === 'error').length;
  const warnings = findings.length - errors;
  return `${findings.length} finding${findings.length === 1 ? '' : 's'} (${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'})`;
}

function relative(file: string, root: string): string {
  return file.startsWith(`${root}/`) ? file.slice(root.length + 1) : file;
}
