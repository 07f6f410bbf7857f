/** `docsgen search export`: the site's DocSearch records as JSON, ready to upload to the hosted service. */
import { build } from '../build.ts';
import { exportTarget, writeExport } from './export-target.ts';

export async function exportSearchRecords(configFile: string, output: string): Promise<number> {
  // Judged before the build, so a refused --output costs nothing and changes nothing.
  const target = await exportTarget(output, configFile);
  const result = await build({ configFile, mode: 'export' });
  await writeExport(target, JSON.stringify(result.records, null, 2), output);
  return result.records.length;
}
