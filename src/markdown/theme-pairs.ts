/**
 * One tokenizing pass for two themes. Shiki tokenizes code once per theme, so light and dark
 * cost two passes. GitHub's light and dark themes are made from one template: the same token
 * rules (scopes and font styles) in the same order, only the colours differ, and every light
 * colour stands for one dark colour. For such a pair, the colour a token gets in the dark theme
 * follows from the colour it gets in the light theme, and one pass with the light theme gives
 * both. This reads the themes and returns that mapping, or undefined for themes that are not
 * such a pair (the caller then tokenizes twice, as Shiki does).
 */
import type { Highlighter } from 'shiki';

interface Rule {
  scope?: unknown;
  settings?: { foreground?: string; fontStyle?: string };
}

/** The dark colour of each light colour (upper case `#RRGGBB`), with the default text colours. */
export function darkColours(shiki: Highlighter, lightTheme: string, darkTheme: string): Map<string, string> | undefined {
  const light = shiki.getTheme(lightTheme);
  const dark = shiki.getTheme(darkTheme);
  // A replacement would change colours after the rules: not worth following.
  if (Object.keys(light.colorReplacements ?? {}).length > 0 || Object.keys(dark.colorReplacements ?? {}).length > 0) return undefined;
  const lightRules = (light.settings ?? []) as Rule[];
  const darkRules = (dark.settings ?? []) as Rule[];
  if (lightRules.length !== darkRules.length) return undefined;
  const map = new Map<string, string>();
  const pair = (from: string | undefined, to: string | undefined): boolean => {
    if (from === undefined || to === undefined) return from === to;
    const [l, d] = [from.toUpperCase(), to.toUpperCase()];
    if (map.has(l) && map.get(l) !== d) return false;
    map.set(l, d);
    return true;
  };
  if (!pair(light.fg, dark.fg)) return undefined;
  for (const [i, rule] of lightRules.entries()) {
    const other = darkRules[i];
    const sameRule = JSON.stringify(rule.scope) === JSON.stringify(other?.scope) && rule.settings?.fontStyle === other?.settings?.fontStyle;
    if (!sameRule || !pair(rule.settings?.foreground, other?.settings?.foreground)) return undefined;
  }
  return map;
}
