/**
 * A YAML spec is also published as JSON beside it (`hub.yaml` → `hub.json`), as Redoc offers both:
 * many tools (Postman, code generators, a quick `jq`) read JSON only. The JSON is the parsed
 * document, `$ref`s as written.
 */

/** The JSON file's name for a YAML spec; undefined when the spec is JSON already. */
export function specJsonFileName(fileName: string): string | undefined {
  const match = /^(.*)\.ya?ml$/i.exec(fileName);
  return match ? `${match[1]}.json` : undefined;
}

export function specJsonText(document: Record<string, unknown>): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
