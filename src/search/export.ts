/** `docsgen search export`: the site's DocSearch records as JSON, ready to upload to the hosted service. */
import { writeFile } from 'node:fs/promises';
import { build } from '../build.ts';

export async function exportSearchRecords(configFile: string, output: string): Promise<number> {
  const result = await build({ configFile, mode: 'export' });
  await writeFile(output, JSON.stringify(result.records, null, 2));
  return result.records.length;
}
