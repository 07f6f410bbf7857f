/**
 * The documentation states only what the spec or the public facts sheet supports (issue 14): the
 * invented values the first drafts carried must never come back, in pages, diagrams, the OpenAPI
 * description or config.yaml; and the values many pages repeat live once, as site variables.
 */
import { describe, it, expect } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { ROOT } from '../helpers.ts';

const CONTENT = path.join(ROOT, 'content');
const files = readdirSync(CONTENT, { recursive: true })
  .map(String)
  .filter((f) => /\.(md|svg)$/.test(f) && !f.startsWith('_static'))
  .map((f) => ({ rel: f.split(path.sep).join('/'), text: readFileSync(path.join(CONTENT, f), 'utf8') }));
const sources = [
  ...files,
  { rel: 'openapi/hub-rest-api-1.6.0.yaml', text: readFileSync(path.join(ROOT, 'openapi/hub-rest-api-1.6.0.yaml'), 'utf8') },
  { rel: 'config.yaml', text: readFileSync(path.join(ROOT, 'config.yaml'), 'utf8').replace(/^vars:[\s\S]*?\n(?=\S)/m, '') },
];

/** What the drafts invented, with why it is wrong (facts sheet section 1). */
const INVENTED: [RegExp, string][] = [
  [/\b8080\b|\b8443\b/, 'the hub listens on 80 (443 with SSL), not 8080/8443 (N1, N2)'],
  [/\b5093\b|\.lic\b|licen[cs]e server (?:on|at|listens)/i, 'licensing is cloud-based: no licence server, port or licence file (L1-L7)'],
  [/\b6670\b|HubLauncherAgent|launcher agent/i, 'the agent on each engine host is the loader; no service name or port 6670 (LD1-LD3)'],
  [/RenderCache|\bD:\\/, 'the default project cache is C:\\cache (E1)'],
  [/\b5432\b|PostgreSQL 1\d|hub database is PostgreSQL/i, 'the hub database product and version are not published (I4)'],
  [/hub\.ya?ml\b/i, 'no configuration file name or key is published (section 15)'],
  [/msiexec|\/quiet\b|\/silent\b|\s\/S\s|\/VERYSILENT/i, 'installer switches are not published (section 15)'],
  [/\b5\.4\.\d+\.\d{3,}\b|\b2318\b/, 'build numbers are not published (H4)'],
  [/\b552\.44\b|\b24\.1\.3\b/, 'driver versions are not published (H3)'],
  [/\bplayout\.operate\b|\b[a-z]+\.(?:operate|edit|configure|admin)\b/, 'no permission strings are published; access is per module (U8)'],
  [/X-API-Key|api_key|Bearer /i, 'the 5.4 SP1 REST API documents no authentication (R7, R8)'],
  [/\bZDMOS\b/, 'an older default MOS ID (M9); pages say the hub shows its MOS ID in its MOS device settings (M2)'],
  [/\b7010\b/, 'the CII port is given by the ciiPort variable (X1)'],
  [/\b10\.0\.\d+\.\d+\b|\b192\.168\.\d+\.\d+\b/, 'example addresses come from the documentation ranges 192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24'],
  [/REALITYHUB/i, 'the default MOS ID spells the vendor\'s product brand; pages say where the hub shows it (M2)'],
  [/\bZD\b/, 'the vendor\'s initials; the plugin for NRCS A is "the vendor\'s MOS plugin"'],
  [/UState/, 'a term echoing the vendor\'s brand; the REST API\'s term is ustate (F9)'],
  [/\bEVO\b|evo-ii|product-evo/i, 'the spec names the vendor\'s hardware unit by its brand; the product dropdown says "Hardware unit" (spec section 1)'],
];

describe('no invented value comes back (issue 14)', () => {
  for (const [pattern, why] of INVENTED) {
    it(`nothing matches ${pattern}: ${why}`, () => {
      const hits = sources.flatMap(({ rel, text }) =>
        text.split('\n').flatMap((line, i) => (pattern.test(line) ? [`${rel}:${i + 1}: ${line.trim().slice(0, 120)}`] : [])),
      );
      expect(hits).toEqual([]);
    });
  }

  it('names PostgreSQL only as a data source of the form builder (F6)', () => {
    const hits = files.filter(({ text }) => /PostgreSQL/.test(text)).map(({ rel }) => rel);
    expect(hits.every((rel) => /form-builder|template-form/.test(rel)), hits.join(', ')).toBe(true);
  });
});

describe('one place for every value (issue 14)', () => {
  const vars = (parse(readFileSync(path.join(ROOT, 'config.yaml'), 'utf8')) as { vars: Record<string, string | number> }).vars;
  // Values distinctive enough to find in text: ports above 1000, paths, identifiers, the release.
  const distinctive = Object.entries(vars).filter(([, value]) => /^\d{4,}$|\/|\\|^[A-Z]{6,}$|SP\d|^\d+\.\d+\.\d+$/.test(String(value)));

  it('has the repeated values as variables', () => {
    expect(distinctive.map(([name]) => name)).toEqual(expect.arrayContaining(['release', 'apiVersion', 'apiBasePath', 'mosLowerPort', 'mosUpperPort', 'ciiPort', 'engineCacheDir']));
  });

  for (const [name, value] of distinctive) {
    it(`pages write {{ ${name} }}, never its value ${String(value)}`, () => {
      const literal = String(value);
      const hits = files.filter(({ rel, text }) => rel.endsWith('.md') && text.includes(literal)).map(({ rel }) => rel);
      expect(hits).toEqual([]);
    });
  }
});
