/**
 * The command line: `docsgen build | serve | check | search export`. Exit codes: 0 success,
 * 1 build error (or error-level findings), 2 bad usage (including a refused output folder).
 * Errors print as `file:line:col: error: …` with a hint, never as a stack trace.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import type { BuildResult } from './build.ts';
import type { Progress } from './build/stage.ts';
import { DOCSGEN_ROOT } from './paths.ts';
import { exitCodeOf, formatError } from './errors.ts';
import { formatFinding, githubAnnotation, summarize, type Finding } from './checks/findings.ts';

interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  isTTY: boolean;
}

const defaultIo: Io = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  isTTY: Boolean(process.stdout.isTTY),
};

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('the port must be a whole number from 0 to 65535');
  return port;
}

/** An empty --out would quietly mean the default folder; say so instead of guessing. */
function parseFolder(value: string): string {
  if (value.trim() === '') throw new InvalidArgumentError('the folder is empty; name one, e.g. --out out');
  return value;
}

function parseFile(value: string): string {
  if (value.trim() === '') throw new InvalidArgumentError('the file name is empty; name one, e.g. --output search-records.json');
  return value;
}

function parseFormat(value: string): 'text' | 'json' {
  if (value !== 'text' && value !== 'json') throw new InvalidArgumentError('use "text" or "json"');
  return value;
}

export async function main(argv: string[], io: Io = defaultIo): Promise<number> {
  const version = JSON.parse(await readFile(path.join(DOCSGEN_ROOT, 'package.json'), 'utf8')) as { version: string };
  let exitCode = 0;
  const program = new Command()
    .name('docsgen')
    .description('Builds a documentation site from content/ (markdown), openapi/ and config.yaml.')
    .version(version.version, '-v, --version')
    .showHelpAfterError('(run docsgen --help for usage)')
    .configureOutput({ writeOut: (s) => io.out(s.trimEnd()), writeErr: (s) => io.err(s.trimEnd()) })
    .exitOverride();

  program
    .command('build')
    .description('build the site into the output folder (atomically: a failed build leaves it unchanged)')
    .option('-c, --config <file>', 'the configuration file', 'config.yaml')
    .option('-o, --out <dir>', 'the output folder (default: out/ beside the config)', parseFolder)
    .option('--strict', 'treat warnings of the checks as errors', false)
    .option('--format <format>', 'how findings are printed: text or json', parseFormat, 'text')
    .option('--no-cache', 'build as the first build would: reuse nothing from .docsgen/cache or the previous output (both are written afresh; the cache is not cleared first)')
    .option('-w, --watch', 'after building, build again on every change to content/, theme/, openapi/ or config.yaml, until Ctrl+C', false)
    .action(async (opts: { config: string; out?: string; strict: boolean; format: 'text' | 'json'; cache: boolean; watch: boolean }) => {
      if (!opts.watch) {
        exitCode = await runBuild({ ...opts, checkOnly: false }, io);
        return;
      }
      if (opts.format === 'json') {
        io.err('error: --watch prints one summary line per build; use --format json for a single build\n(run docsgen --help for usage)');
        exitCode = 2;
        return;
      }
      const { watchBuildCommand } = await import('./serve/build-watch.ts');
      exitCode = await watchBuildCommand({
        configFile: opts.config,
        ...(opts.out ? { outDir: opts.out } : {}),
        strict: opts.strict,
        cache: opts.cache,
        report: (result) => reportBuild(result, { ...opts, checkOnly: false }, io),
        onProgress: progressLine(io),
        log: io.out,
        error: io.err,
      });
    });

  program
    .command('check')
    .description('run the link, anchor and route checks without touching the output; exits 1 on error-level findings')
    .option('-c, --config <file>', 'the configuration file', 'config.yaml')
    .option('--strict', 'treat warnings as errors', false)
    .option('--format <format>', 'text or json', parseFormat, 'text')
    .action(async (opts: { config: string; strict: boolean; format: 'text' | 'json' }) => {
      exitCode = await runBuild({ ...opts, checkOnly: true }, io);
    });

  program
    .command('serve')
    .description('build, serve on http://127.0.0.1:3000<base>, watch and reload; with --out, serve an existing build as it is')
    .option('-c, --config <file>', 'the configuration file', 'config.yaml')
    .option('-p, --port <port>', 'the port', parsePort, 3000)
    .option('-H, --host <host>', 'the address to bind (127.0.0.1 keeps it private to this machine)', '127.0.0.1')
    .option('-o, --out <dir>', 'serve this existing build without building or watching', parseFolder)
    .action(async (opts: { config: string; port: number; host: string; out?: string }) => {
      // A build killed while swapping out/ left it aside: serve the restored copy.
      if (opts.out) await (await import('./emit/guard-folders.ts')).recoverOutputFolder(opts.out);
      const { serveCommand } = await import('./serve/command.ts');
      exitCode = await serveCommand(opts, io);
    });

  const search = program.command('search').description('search index tools');
  search
    .command('export')
    .description('write the DocSearch records of the site as JSON, for uploading to the hosted search service')
    .option('-c, --config <file>', 'the configuration file', 'config.yaml')
    .option('-o, --output <file>', 'where to write the records (a new file, or an earlier export to replace)', parseFile, 'search-records.json')
    .action(async (opts: { config: string; output: string }) => {
      try {
        const { exportSearchRecords } = await import('./search/export.ts');
        const count = await exportSearchRecords(opts.config, opts.output);
        io.out(`wrote ${count} search records to ${opts.output}`);
      } catch (error) {
        io.err(formatError(error));
        exitCode = exitCodeOf(error);
      }
    });

  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return 0;
      return 2;
    }
    io.err(formatError(error));
    if (process.env.DOCSGEN_DEBUG) io.err(String((error as Error).stack));
    return exitCodeOf(error);
  }
  return exitCode;
}

async function runBuild(opts: { config: string; out?: string; strict: boolean; format: 'text' | 'json'; checkOnly: boolean; cache?: boolean }, io: Io): Promise<number> {
  let result: BuildResult;
  try {
    // Loaded on demand so that --help and --version start instantly.
    const { build } = await import('./build.ts');
    result = await build({
      configFile: opts.config,
      ...(opts.out ? { outDir: opts.out } : {}),
      strict: opts.strict,
      ...(opts.cache === false ? { cache: false } : {}),
      mode: opts.checkOnly ? 'check' : 'build',
      onProgress: progressLine(io),
    });
  } catch (error) {
    // A build that failed on its findings lists them as check does; any other failure is one error.
    const findings = (error as { findings?: readonly Finding[] }).findings;
    if (opts.format === 'json') io.out(JSON.stringify({ ok: false, error: formatError(error), ...(findings ? { findings } : {}) }, null, findings ? 2 : undefined));
    else io.err(formatError(error));
    if (process.env.DOCSGEN_DEBUG) io.err(String((error as Error).stack));
    return exitCodeOf(error);
  }
  return reportBuild(result, opts, io);
}

/**
 * On a terminal, one line that counts a build's pages as they are rendered, rewritten in place
 * (every 200 pages and at each new phase); nothing when the output is a file or a pipe.
 */
export function progressLine(io: Pick<Io, 'isTTY'>, write: (text: string) => void = (text) => process.stdout.write(text)): Progress | undefined {
  if (!io.isTTY) return undefined;
  let lastPhase = '';
  return (phase, done, total) => {
    if (phase !== lastPhase || done === total || done % 200 === 0) write(`\r${phase}: ${done}/${total}   ${done === total ? '\n' : ''}`);
    lastPhase = phase;
  };
}

/** Prints a build's findings and its summary line; returns the exit code it asks for. */
function reportBuild(result: BuildResult, opts: { config: string; format: 'text' | 'json'; checkOnly: boolean }, io: Io): number {
  const root = path.dirname(path.resolve(opts.config));
  const all: Finding[] = [...result.warnings, ...result.findings];
  const failed = result.findings.some((f) => f.severity === 'error');
  if (opts.format === 'json') {
    // `ok` agrees with the exit code: a CI step that reads the JSON and one that reads the code decide alike.
    io.out(JSON.stringify({ ok: !failed, pages: result.pages, seconds: result.seconds, findings: all }, null, 2));
  } else {
    for (const finding of all) io.err(formatFinding(finding, root));
    if (process.env.GITHUB_ACTIONS === 'true') for (const finding of all) io.out(githubAnnotation(finding, root));
    const verb = opts.checkOnly ? 'checked' : 'built';
    io.out(`${verb} ${result.pages} pages, ${summarize(all)}, in ${result.seconds.toFixed(2)} s${opts.checkOnly ? '' : ` → ${path.relative(process.cwd(), result.outDir) || '.'}`}`);
  }
  return failed ? 1 : 0;
}
