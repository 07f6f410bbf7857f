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
import type { Project } from './project.ts';
import type { OutputFile } from './output.ts';

export interface Site {
  site: SiteData;
  /** Where config.yaml set a navbar or footer link, by the href readers get (see site-data.ts). */
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
  // The announcement bar's HTML passes the content sanitizer; what it removes is a config warning.
  await sanitizeAnnouncementBar(site, project.projectCache, (message) => warnings.push({ message, position: project.loaded.locate(['announcementBar', 'content']) }));
  return {
    site,
    linkPositionOf,
    warnings: warnings.map((w) => ({ kind: 'config' as const, message: w.message, position: w.position, severity: 'warn' as const })),
    categoryFiles,
    sidebarItemsUrl,
  };
}

function withoutApi(lazyCss: ClientBundle['lazyCss']): ClientBundle['lazyCss'] {
  const { api: _unpublished, ...rest } = lazyCss;
  return rest;
}
