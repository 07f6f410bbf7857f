/**
 * Links to the same page in another locale keep the path, the query and the hash. The site has
 * one locale today, so no switcher is shown; the helper is what a switcher would use.
 */
export function localizedHref(
  current: { pathname: string; search: string; hash: string },
  options: { baseUrl: string; currentLocale: string; targetLocale: string; defaultLocale: string },
): string {
  const { baseUrl, currentLocale, targetLocale, defaultLocale } = options;
  // The default locale lives at the base; every other one under `<base><locale>/`.
  const localeBase = (locale: string) => (locale === defaultLocale ? baseUrl : `${baseUrl}${locale}/`);
  const from = localeBase(currentLocale);
  const rest = current.pathname.startsWith(from) ? current.pathname.slice(from.length) : current.pathname.replace(/^\//, '');
  return `${localeBase(targetLocale)}${rest}${current.search}${current.hash}`;
}
