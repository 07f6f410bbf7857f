/**
 * Every number of the spec that the theme and its client runtime obey, in one place (spec §9).
 */
export const DESKTOP_BREAKPOINT_PX = 996;
export const ROUTE_PROGRESS_DELAY_MS = 200;
/** `docsgen serve` re-rendered these routes (detail.paths): a copy the tab prefetched is out of date. */
export const ROUTES_CHANGED_EVENT = 'docsgen:routes-changed';
/** A navigation kept the page on screen but changed its address (another `?q=` of the search page). */
export const ADDRESS_CHANGED_EVENT = 'docsgen:address-changed';
export const TOC_MIN_LEVEL = 2;
export const TOC_MAX_LEVEL = 3;

export const SEARCH = {
  hitsPerPage: 20,
  resultsPerGroup: 5,
  maxQueryLength: 64,
  stallThresholdMs: 300,
  recentSearches: 7,
  recentSearchesWithFavorites: 4,
  favorites: 10,
  snippetWords: 10,
  snippetWordsSmallScreen: 5,
  smallScreenMaxPx: 768,
  timeouts: { connect: 1, read: 2, write: 30 },
  failedHostRetryMs: 2 * 60 * 1000,
} as const;

export const IMAGE_ZOOM = {
  margin: 0,
  scrollOffsetPx: 40,
  backgroundLight: 'rgb(255, 255, 255)',
  backgroundDark: 'rgb(50, 50, 50)',
  attachDelayMs: 1000,
} as const;

export const COLLAPSE = {
  reducedMotionMs: 1,
} as const;

/** Keys in localStorage. */
export const STORAGE_KEYS = {
  colorMode: 'theme',
  announcementDismissed: 'docsgen-announcement-dismiss',
  announcementId: 'docsgen-announcement-id',
  preferredVersion: (pluginId: string) => `docs-preferred-version-${pluginId}`,
  /** The tab a reader chose in tab sets sharing a `groupId` (as Docusaurus keeps it). */
  tabGroup: (groupId: string) => `docsgen-tabs-${groupId}`,
} as const;

/** Docusaurus's formula: longer panels animate longer, within reason. */
export function collapseDurationMs(height: number): number {
  const constant = height / 36;
  return Math.round((4 + 15 * constant ** 0.25 + constant / 5) * 10);
}
