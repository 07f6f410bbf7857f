/**
 * Runs a command and measures it: wall time, CPU time (user + system of the command and every
 * process it waited for, as bash's `times` reports them) and the peak of the resident memory of the
 * whole process tree added up (the command with its worker threads, and child processes such as
 * Docusaurus's bundler), sampled from /proc every 20 ms. The command's own high-water mark (VmHWM)
 * also bounds the peak from below, for spikes between two samples.
 */
import { spawn } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';

export interface Measured {
  seconds: number;
  cpuSeconds: number;
  peakRssMb: number;
  code: number;
  stdout: string;
  stderr: string;
}

async function childrenOf(pid: number): Promise<number[]> {
  const tasks = await readdir(`/proc/${pid}/task`).catch(() => [] as string[]);
  const lists = await Promise.all(tasks.map((t) => readFile(`/proc/${pid}/task/${t}/children`, 'utf8').catch(() => '')));
  return lists.flatMap((l) => l.split(' ').filter(Boolean).map(Number));
}

async function treeOf(root: number): Promise<number[]> {
  const all: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    all.push(pid);
    queue.push(...(await childrenOf(pid)));
  }
  return all;
}

async function memoryOf(pid: number): Promise<{ rssKb: number; hwmKb: number } | undefined> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    return { rssKb: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0), hwmKb: Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) };
  } catch {
    return undefined; // the process has ended
  }
}

/** bash's `times`: the second line is the user and system time of the processes it waited for. */
const TIMES = /(\d+)m([\d.]+)s (\d+)m([\d.]+)s\n(\d+)m([\d.]+)s (\d+)m([\d.]+)s\n$/;

export function measureCommand(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): Promise<Measured> {
  return new Promise((resolve) => {
    const started = performance.now();
    const script = '"$@"; status=$?; times >&2; exit $status';
    const shell = spawn('bash', ['-c', script, 'bash', command, ...args], { env: options.env ?? process.env, cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let peakKb = 0;
    let stdout = '';
    let stderr = '';
    shell.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    shell.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    let sampling = false;
    const sample = async () => {
      if (sampling || shell.pid === undefined) return;
      sampling = true;
      // The tree below the shell: the command and whatever it started.
      const pids = (await treeOf(shell.pid)).slice(1);
      const memory = await Promise.all(pids.map(memoryOf));
      const sum = memory.reduce((total, m) => total + (m?.rssKb ?? 0), 0);
      peakKb = Math.max(peakKb, sum, memory[0]?.hwmKb ?? 0);
      sampling = false;
    };
    const timer = setInterval(() => void sample(), 20);
    shell.on('exit', (code) => {
      clearInterval(timer);
      const times = TIMES.exec(stderr);
      const cpuSeconds = times ? Number(times[5]) * 60 + Number(times[6]) + Number(times[7]) * 60 + Number(times[8]) : NaN;
      if (times) stderr = stderr.slice(0, times.index);
      resolve({ seconds: (performance.now() - started) / 1000, cpuSeconds, peakRssMb: peakKb / 1024, code: code ?? -1, stdout, stderr });
    });
  });
}
