/** The real 5.4 SP1 site, built once into a temporary folder and served on 127.0.0.1. */
import path from 'node:path';
import { copyRealSite, runCli } from '../helpers.ts';
import { serveSite, type E2eSite } from './setup.ts';

export async function startRealSite(): Promise<E2eSite> {
  const site = await copyRealSite();
  const out = path.join(site, 'out');
  const result = await runCli(['build', '--config', path.join(site, 'config.yaml')]);
  if (result.code !== 0) throw new Error(`the real site does not build: ${result.stderr}`);
  return serveSite(path.dirname(out), out, '/suite-5.4.sp1/');
}
