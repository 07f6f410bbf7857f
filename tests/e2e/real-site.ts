/** The real 5.4 SP1 site, built once into a temporary folder and served on 127.0.0.1. */
import path from 'node:path';
import { buildRealSite } from '../helpers.ts';
import { serveSite, type E2eSite } from './setup.ts';

export async function startRealSite(): Promise<E2eSite> {
  const out = await buildRealSite();
  return serveSite(path.dirname(out), out, '/suite-5.4.sp1/');
}
