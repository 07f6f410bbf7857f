/**
 * The URL of a file config.yaml names (the favicon, a logo, a navbar item's image): a file of
 * `content/_static/`, which is published at the site's base. `img/logo.svg`, `/img/logo.svg` and
 * `/docs/img/logo.svg` (with the base written out) all name `content/_static/img/logo.svg`, as the
 * missing-image check reads them; an http(s) URL is used as it is.
 */
import { isExternal } from '../../theme/urls.ts';

export function staticAssetUrl(baseUrl: string, src: string): string {
  if (isExternal(src) || src.startsWith('//')) return src;
  if (src.startsWith(baseUrl)) return src;
  return baseUrl + src.replace(/^\/+/, '');
}
