/**
 * The shape of config.yaml: TypeScript types for the code and a JSON Schema for validation.
 * Keys follow Docusaurus's names where the concept is the same, so maintainers feel at home.
 */

export type Severity = 'ignore' | 'warn' | 'error';

export interface LogoConfig {
  alt: string;
  src: string;
  srcDark?: string;
  href?: string;
  width?: number;
  height?: number;
}

export interface NavbarItemConfig {
  type?: 'link' | 'dropdown' | 'doc' | 'docSidebar' | 'search' | 'docsVersionDropdown';
  label?: string;
  to?: string;
  href?: string;
  position?: 'left' | 'right';
  items?: NavbarItemConfig[];
  legacy?: boolean;
  logo?: string;
  image?: string;
  docId?: string;
  sidebarId?: string;
  version?: string;
  ariaLabel?: string;
}

export interface FooterLinkConfig {
  label: string;
  to?: string;
  href?: string;
}

export interface FooterColumnConfig {
  title: string;
  items: FooterLinkConfig[];
}

export interface SiteConfig {
  title: string;
  tagline: string;
  url: string;
  baseUrl: string;
  locale: string;
  titleDelimiter: string;
  favicon?: string;
  colorMode: { defaultMode: 'light' | 'dark'; disableSwitch: boolean; respectPrefersColorScheme: boolean };
  announcementBar?: { id: string; content: string; backgroundColor: string; textColor: string; isCloseable: boolean };
  navbar: { title: string; logo?: LogoConfig; hideOnScroll: boolean; items: NavbarItemConfig[] };
  footer?: { style: 'light' | 'dark'; links: FooterColumnConfig[]; logo?: LogoConfig; copyright: string };
  docs: {
    sidebarId: string;
    version: { name: string; label: string; badge: boolean; banner: 'none' | 'unreleased' | 'unmaintained' };
    editUrl?: string;
  };
  search: {
    appId?: string;
    apiKey?: string;
    indexName?: string;
    /** Hosts of the hosted search service; empty means the service's own defaults. */
    hosts?: { url: string; protocol?: 'http' | 'https' }[];
    searchPagePath: string;
    externalUrlRegex?: string;
    replaceSearchResultPathname?: { from: string; to: string };
    contextualSearch: boolean;
    /** Where "Let us know." of a search without results points; `{query}` is replaced. */
    missingResultsUrl?: string;
  };
  api: { id: string; route: string; spec: string }[];
  /** Site variables: `{{ name }}` in markdown (see src/content/variables.ts). */
  vars: Record<string, unknown>;
  checks: {
    onBrokenLinks: Severity;
    onBrokenAnchors: Severity;
    onBrokenMarkdownLinks: Severity;
    onDuplicateRoutes: Severity;
  };
}

const severity = { enum: ['ignore', 'warn', 'error'] };
const nonEmpty = { type: 'string', minLength: 1 };

const logoSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['alt', 'src'],
  properties: {
    alt: { type: 'string' },
    src: nonEmpty,
    srcDark: nonEmpty,
    href: nonEmpty,
    width: { type: 'number', exclusiveMinimum: 0 },
    height: { type: 'number', exclusiveMinimum: 0 },
  },
};

const navbarItemSchema = {
  $id: 'navbarItem',
  type: 'object',
  additionalProperties: false,
  properties: {
    type: { enum: ['link', 'dropdown', 'doc', 'docSidebar', 'search', 'docsVersionDropdown'] },
    label: { type: 'string' },
    to: { type: 'string' },
    href: { type: 'string' },
    position: { enum: ['left', 'right'] },
    items: { type: 'array', items: { $ref: 'navbarItem' } },
    legacy: { type: 'boolean' },
    logo: nonEmpty,
    image: nonEmpty,
    docId: nonEmpty,
    sidebarId: nonEmpty,
    version: nonEmpty,
    ariaLabel: nonEmpty,
  },
};

export const configJsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'url', 'baseUrl'],
  properties: {
    title: nonEmpty,
    tagline: { type: 'string', default: '' },
    url: { type: 'string', pattern: '^https?://[^/]+$' },
    baseUrl: { type: 'string', pattern: '^/([A-Za-z0-9._~-]+/)*$' },
    locale: { type: 'string', default: 'en' },
    titleDelimiter: { type: 'string', default: '|' },
    favicon: nonEmpty,
    colorMode: {
      type: 'object',
      additionalProperties: false,
      default: {},
      properties: {
        defaultMode: { enum: ['light', 'dark'], default: 'dark' },
        disableSwitch: { type: 'boolean', default: false },
        respectPrefersColorScheme: { type: 'boolean', default: false },
      },
    },
    announcementBar: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'content'],
      properties: {
        id: nonEmpty,
        content: nonEmpty,
        backgroundColor: { type: 'string', default: '#20232a' },
        textColor: { type: 'string', default: '#ffffff' },
        isCloseable: { type: 'boolean', default: true },
      },
    },
    navbar: {
      type: 'object',
      additionalProperties: false,
      default: {},
      properties: {
        title: { type: 'string', default: '' },
        logo: logoSchema,
        hideOnScroll: { type: 'boolean', default: false },
        items: { type: 'array', items: navbarItemSchema, default: [] },
      },
    },
    footer: {
      type: 'object',
      additionalProperties: false,
      properties: {
        style: { enum: ['light', 'dark'], default: 'dark' },
        links: {
          type: 'array',
          default: [],
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['title', 'items'],
            properties: {
              title: { type: 'string' },
              items: {
                type: 'array',
                items: {
                  type: 'object',
                  additionalProperties: false,
                  required: ['label'],
                  properties: { label: nonEmpty, to: { type: 'string' }, href: { type: 'string' } },
                },
              },
            },
          },
        },
        logo: logoSchema,
        copyright: { type: 'string', default: '' },
      },
    },
    docs: {
      type: 'object',
      additionalProperties: false,
      default: {},
      properties: {
        sidebarId: { type: 'string', default: 'default' },
        editUrl: nonEmpty,
        version: {
          type: 'object',
          additionalProperties: false,
          default: {},
          properties: {
            name: { type: 'string', default: 'current' },
            label: { type: 'string', default: 'Next' },
            badge: { type: 'boolean', default: true },
            banner: { enum: ['none', 'unreleased', 'unmaintained'], default: 'none' },
          },
        },
      },
    },
    search: {
      type: 'object',
      additionalProperties: false,
      default: {},
      properties: {
        appId: nonEmpty,
        apiKey: nonEmpty,
        indexName: nonEmpty,
        hosts: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['url'],
            properties: { url: nonEmpty, protocol: { enum: ['http', 'https'] } },
          },
        },
        searchPagePath: { type: 'string', pattern: '^[a-z0-9-]+(/[a-z0-9-]+)*$', default: 'search' },
        externalUrlRegex: nonEmpty,
        replaceSearchResultPathname: {
          type: 'object',
          additionalProperties: false,
          required: ['from', 'to'],
          properties: { from: { type: 'string' }, to: { type: 'string' } },
        },
        contextualSearch: { type: 'boolean', default: true },
        missingResultsUrl: { type: 'string', pattern: '^https?://' },
      },
    },
    api: {
      type: 'array',
      default: [],
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'route', 'spec'],
        properties: {
          id: { type: 'string', pattern: '^[A-Za-z0-9_-]+$' },
          route: { type: 'string', pattern: '^[a-z0-9-]+(/[a-z0-9-]+)*$' },
          spec: nonEmpty,
        },
      },
    },
    // Names and values are checked by collectVariables, which can say which name is wrong and why.
    vars: { type: 'object', default: {} },
    checks: {
      type: 'object',
      additionalProperties: false,
      default: {},
      properties: {
        onBrokenLinks: { ...severity, default: 'warn' },
        onBrokenAnchors: { ...severity, default: 'warn' },
        onBrokenMarkdownLinks: { ...severity, default: 'warn' },
        onDuplicateRoutes: { ...severity, default: 'warn' },
      },
    },
  },
} as const;
