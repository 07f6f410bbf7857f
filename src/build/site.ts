/**
 * Stage "site": the SiteData every page carries (navbar, footer, search settings), the config's
 * references into the content checked, and one small file per sidebar category that the browser
 * fetches when a reader opens a category its page did not carry.
 */
import { allCategories, shellOf } from '../content/sidebar.ts';
import { buildSiteData } from '../site/site-data.ts';
import { sanitizeAnnouncementBar } from '../render/config-html.ts';
import type { ClientBundle } from '../bundle/client.ts';
import { SIDEBAR_ITEMS_DIR } from './output-paths.ts';
import { DocsgenErrors, type SourcePosition } from '../errors.ts';
import type { Finding } from '../checks/findings.ts';
import type { SiteData } from '../../theme/data.ts';
import type { Content } from './content.ts';
import { shortHash } from '../cache/fingerprint.ts';
import { isExternal } from '../../theme/urls.ts';
import type { Project } from './project.ts';
import type { OutputFile } from './output.ts';

export interface Site {
  site: SiteData;
  /** The favicon and logos config.yaml names that `content/_static/` does not hold (missing-image findings). */
  findings?: Finding[];
  /** Where config.yaml set a navbar, footer or announcement bar link, by the href readers get (see site-data.ts). */
  linkPositionOf(href: string): SourcePosition | undefined;
  warnings: Finding[];
  categoryFiles: OutputFile[];
  /** URL of the file holding a category's items. */
  sidebarItemsUrl(key: string): string;
}

/** `withApi`: whether the site has an API page (without one, Swagger UI's styles are not published). */
export async function composeSite(project: Project, content: Content, bundle: ClientBundle, withApi: boolean): Promise<Site> {
  const itemsFileOf = (key: string) => `${SIDEBAR_ITEMS_DIR}/${shortHash(key)}.json`;
  const sidebarItemsUrl = (key: string) => project.config.baseUrl + itemsFileOf(key);
  const categoryFiles = allCategories(content.sidebar).map((category) => ({
    rel: itemsFileOf(category.key),
    contents: JSON.stringify((category.items ?? []).map((item) => (item.type === 'category' ? shellOf(item, sidebarItemsUrl) : item))),
  }));
  const { site, errors, warnings, linkPositionOf } = buildSiteData({
    loaded: project.loaded,
    docs: content.docs,
    draftIds: content.draftIds,
    sidebar: content.sidebar,
    searchIndexUrl: undefined,
    lazyCss: withApi ? bundle.lazyCss : withoutApi(bundle.lazyCss),
    pageCss: withApi ? bundle.pageCss : {},
  });
  if (errors.length > 0) throw new DocsgenErrors(errors);
  // The announcement bar's HTML passes the content sanitizer (what it removes is a config warning)
  // and its site paths get the base; its links are checked on every page as the page's own are.
  const barKey = ['announcementBar', 'content'];
  const barLinks = await sanitizeAnnouncementBar(site, project.projectCache, (message) => warnings.push({ message, position: project.loaded.locate(barKey) }));
  const barLinkPositionOf = (href: string): SourcePosition | undefined => {
    const index = barLinks.findIndex((link) => link.href === href);
    return index === -1 ? undefined : project.loaded.locateInValue(barKey, barLinks.slice(0, index + 1).map((link) => link.written))[index];
  };
  return {
    site,
    linkPositionOf: (href) => linkPositionOf(href) ?? barLinkPositionOf(href),
    warnings: warnings.map((w) => ({ kind: 'config' as const, message: w.message, position: w.position, severity: 'warn' as const })),
    findings: missingConfigImages(project, new Set(content.staticFiles)),
    categoryFiles,
    sidebarItemsUrl,
  };
}

/**
 * The favicon and the navbar's and footer's logos (and navbar items' logos) are published from
 * `content/_static/`: one that is not there is linked by every page all the same. Reported at its
 * key in config.yaml, as a page's missing image is at the image. config.yaml is parsed for
 * positions only when one is missing.
 */
function missingConfigImages(project: Project, staticFiles: ReadonlySet<string>): Finding[] {
  const { config } = project;
  const images: { keyPath: (string | number)[]; value: string | undefined }[] = [{ keyPath: ['favicon'], value: config.favicon }];
  const logo = (keyPath: (string | number)[], value: { src: string; srcDark?: string | undefined } | undefined) => {
    if (value) images.push({ keyPath: [...keyPath, 'src'], value: value.src }, { keyPath: [...keyPath, 'srcDark'], value: value.srcDark });
  };
  logo(['navbar', 'logo'], config.navbar.logo);
  logo(['footer', 'logo'], config.footer?.logo);
  const items = (list: typeof config.navbar.items, keyPath: (string | number)[]) =>
    list.forEach((item, i) => {
      images.push({ keyPath: [...keyPath, i, 'logo'], value: item.logo }, { keyPath: [...keyPath, i, 'image'], value: item.image });
      if (item.items) items(item.items, [...keyPath, i, 'items']);
    });
  items(config.navbar.items, ['navbar', 'items']);
  return images.flatMap(({ keyPath, value }) => {
    const rel = value === undefined ? undefined : staticPathOf(value, config.baseUrl);
    if (rel === undefined || staticFiles.has(`_static/${rel}`)) return [];
    const name = keyPath.filter((key) => typeof key === 'string' && key !== 'items').join('.');
    return [
      {
        kind: 'missing-image' as const,
        link: value,
        message: `${name} "${value}" is not in content/_static/: every page links a missing file`,
        position: project.loaded.locate(keyPath),
        hint: `add the file as content/_static/${rel}, or fix the path (relative to content/_static/, which is published at the site's base)`,
      },
    ];
  });
}

/** The path under `_static/` a site path names; undefined for an external URL. */
function staticPathOf(value: string, baseUrl: string): string | undefined {
  if (isExternal(value) || value.startsWith('//')) return undefined;
  const pathPart = (value.startsWith(baseUrl) ? value.slice(baseUrl.length) : value).split(/[?#]/)[0] ?? '';
  try {
    return decodeURIComponent(pathPart.replace(/^\/+/, ''));
  } catch {
    return pathPart.replace(/^\/+/, '');
  }
}

function withoutApi(lazyCss: ClientBundle['lazyCss']): ClientBundle['lazyCss'] {
  const { api: _unpublished, ...rest } = lazyCss;
  return rest;
}
