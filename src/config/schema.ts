/**
 * The shape of config.yaml, written once: the zod schema validates the file (with defaults) and
 * the TypeScript types are derived from it. Keys follow Docusaurus's names where the concept is
 * the same, so maintainers feel at home. Every URL is http(s), mailto or a path inside the site.
 */
import { z } from 'zod';
import { cssColor, imageSource, linkTarget, nonEmpty, parsesAsUrl, pathReplacement, regexSource, routeSegment, severity, webUrl } from '../schema/fields.ts';

export type { Severity } from '../schema/fields.ts';

const logo = z.strictObject({
  alt: z.string(),
  src: imageSource,
  srcDark: imageSource.optional(),
  href: linkTarget.optional(),
  width: z.number().positive().optional(),
  height: z.number().positive().optional(),
});

export type LogoConfig = z.output<typeof logo>;

const navbarItem = z.strictObject({
  type: z.enum(['link', 'dropdown', 'doc', 'docSidebar', 'search']).optional(),
  label: z.string().optional(),
  to: linkTarget.optional(),
  href: linkTarget.optional(),
  position: z.enum(['left', 'right']).optional(),
  get items() {
    return z.array(navbarItem).optional();
  },
  legacy: z.boolean().optional(),
  logo: imageSource.optional(),
  image: imageSource.optional(),
  docId: nonEmpty.optional(),
  sidebarId: nonEmpty.optional(),
  version: nonEmpty.optional(),
});

export type NavbarItemConfig = z.output<typeof navbarItem>;

const footerLink = z.strictObject({ label: nonEmpty, to: linkTarget.optional(), href: linkTarget.optional() });
const footerColumn = z.strictObject({ title: z.string(), items: z.array(footerLink) });

export type FooterLinkConfig = z.output<typeof footerLink>;
export type FooterColumnConfig = z.output<typeof footerColumn>;

/** `https://docs.example.com`: the origin only; the path belongs in baseUrl. */
const siteOrigin = z
  .string()
  .regex(/^https?:\/\/[^/\s?#]+$/, {
    error: 'must be the site\'s origin, "https://" or "http://" and a host with no path, like https://docs.example.com (put the path in "baseUrl")',
  })
  // Parsed as every page's canonical link will be: a port past 65535 or an unclosed "[" is no URL,
  // and a user name or password would be published in every page and in sitemap.xml.
  .refine((value) => parsesAsUrl(value), { error: 'must be a URL a browser can open (check the host name and the port, at most 65535)' })
  .refine((value) => !/@/.test(value), { error: 'must not hold a user name or password ("user:pw@"): it would be published in every page and in sitemap.xml' });

const basePath = z
  .string()
  .regex(/^\/([A-Za-z0-9._~-]+\/)*$/, {
    error: 'must start and end with "/" and hold only letters, digits, ".", "_", "~" and "-" between slashes, like "/" or "/docs/5.4/"',
  })
  .refine((value) => !value.split('/').some((segment) => segment === '.' || segment === '..'), {
    error: 'must not have "." or ".." as a segment: browsers resolve them away, so the site would not be where its links say',
  });

/** A page language, as browsers and Intl take it ("en", "de-CH"); a wrong one would stop the dates of pages. */
const locale = z.string().refine((value) => isLocale(value), { error: 'must be a language tag like "en" or "de-CH"' });

function isLocale(value: string): boolean {
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
}

const colorMode = z.strictObject({
  defaultMode: z.enum(['light', 'dark']).default('dark'),
  disableSwitch: z.boolean().default(false),
  respectPrefersColorScheme: z.boolean().default(false),
});

const announcementBar = z.strictObject({
  id: nonEmpty,
  content: nonEmpty,
  backgroundColor: cssColor.default('#20232a'),
  textColor: cssColor.default('#ffffff'),
  isCloseable: z.boolean().default(true),
});

const docs = z.strictObject({
  sidebarId: z.string().default('default'),
  /** Base of each page's "Edit this page" link: the page's path relative to content/ is appended. */
  editUrl: webUrl.optional(),
  /** "Last updated on …" under each doc, from the page's last git commit. */
  showLastUpdateTime: z.boolean().default(false),
  /** A category without an index.md gets a generated page listing its items as cards. */
  generatedIndex: z.boolean().default(true),
  version: z
    .strictObject({
      name: z.string().default('current'),
      label: z.string().default('Next'),
      badge: z.boolean().default(true),
      banner: z.enum(['none', 'unreleased', 'unmaintained']).default('none'),
    })
    .prefault({}),
});

/** A search host as the client takes it: a host name or address, with a port if any, no scheme or path. */
const serviceHost = z.string().refine((value) => /^[^\s/?#@]+$/.test(value) && parsesAsUrl(`http://${value}`), {
  error: 'must be a host name or address with an optional port, like "search.example.com" or "127.0.0.1:7700" (no "https://", no path)',
});

const HOSTED_SEARCH_KEYS = ['appId', 'apiKey', 'indexName'] as const;

const search = z.strictObject({
  appId: nonEmpty.optional(),
  apiKey: nonEmpty.optional(),
  indexName: nonEmpty.optional(),
  /** Hosts of the hosted search service; unset means the service's own defaults. */
  hosts: z.array(z.strictObject({ url: serviceHost, protocol: z.enum(['http', 'https']).optional() })).optional(),
  searchPagePath: routeSegment.default('search'),
  externalUrlRegex: nonEmpty.pipe(regexSource).optional(),
  replaceSearchResultPathname: z.strictObject({ from: regexSource, to: pathReplacement }).optional(),
  contextualSearch: z.boolean().default(true),
  /** Where "Let us know." of a search without results points; `{query}` is replaced. */
  missingResultsUrl: webUrl.optional(),
}).superRefine((value, context) => {
  // The hosted service needs all three; with fewer the embedded index was used without a word.
  const keys = HOSTED_SEARCH_KEYS.filter((key) => value[key] !== undefined);
  if (keys.length === 0 || keys.length === HOSTED_SEARCH_KEYS.length) return;
  const missing = HOSTED_SEARCH_KEYS.filter((key) => value[key] === undefined);
  context.addIssue({ code: 'custom', path: [keys[0] as string], message: `needs ${missing.map((key) => `"${key}"`).join(' and ')} too: the hosted search service is used only with all three (leave all out for the embedded index)` });
});

const apiEntry = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]+$/, { error: 'must be letters, digits, "_" and "-" only' }),
  route: routeSegment,
  spec: nonEmpty,
  /** Each tag on its own page; unset: only for an API of more than 150 operations. */
  splitByTag: z.boolean().optional(),
});

/** Two API entries with one id or one route would write one page over the other: said at the second. */
function uniqueApiEntries(entries: z.output<typeof apiEntry>[], context: z.RefinementCtx): void {
  for (const key of ['id', 'route'] as const) {
    const first = new Map<string, number>();
    entries.forEach((entry, index) => {
      const earlier = first.get(entry[key]);
      if (earlier === undefined) return void first.set(entry[key], index);
      context.addIssue({ code: 'custom', path: [index, key], message: `is "${entry[key]}", as in API entry ${earlier + 1}: each API needs its own ${key}` });
    });
  }
}

const checks = z.strictObject({
  onBrokenLinks: severity.default('warn'),
  onBrokenAnchors: severity.default('warn'),
  onBrokenMarkdownLinks: severity.default('warn'),
  onDuplicateRoutes: severity.default('warn'),
  onInvalidApiSpec: severity.default('warn'),
});

export const configSchema = z.strictObject({
  title: nonEmpty,
  tagline: z.string().default(''),
  url: siteOrigin,
  baseUrl: basePath,
  locale: locale.default('en'),
  titleDelimiter: z.string().default('|'),
  favicon: imageSource.optional(),
  colorMode: colorMode.prefault({}),
  announcementBar: announcementBar.optional(),
  navbar: z
    .strictObject({
      title: z.string().default(''),
      logo: logo.optional(),
      hideOnScroll: z.boolean().default(false),
      items: z.array(navbarItem).default([]),
    })
    .prefault({}),
  footer: z
    .strictObject({
      style: z.enum(['light', 'dark']).default('dark'),
      links: z.array(footerColumn).default([]),
      logo: logo.optional(),
      copyright: z.string().default(''),
    })
    .optional(),
  docs: docs.prefault({}),
  search: search.prefault({}),
  api: z.array(apiEntry).default([]).superRefine(uniqueApiEntries),
  /** Site variables: `{{ name }}` in markdown; names and values are checked by collectVariables. */
  vars: z.record(z.string(), z.unknown()).default({}),
  checks: checks.prefault({}),
});

export type SiteConfig = z.output<typeof configSchema>;
