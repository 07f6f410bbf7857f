/**
 * Swagger UI marks a live answer "Undocumented" unless the operation lists its exact code or
 * `default` (operation.jsx). OpenAPI 3 also lets a spec list a range, `2XX`, as the hub's does
 * wherever its documentation gives an answer without its code: a 200 there is documented.
 */
export function documentedByRange(status: unknown, listed: readonly string[]): boolean {
  const code = String(status);
  if (!/^[1-5]\d\d$/.test(code)) return false;
  return listed.some((key) => key.toUpperCase() === `${code[0]}XX`);
}
