/**
 * Range requests (RFC 9110 §14): a media player asks for a video's bytes piece by piece, and
 * Safari plays no `<video>` from a server that cannot answer them. One range is served (206);
 * several at once are answered with the whole file, which the RFC allows and static hosts do.
 */
export type ByteRange = { start: number; end: number } | 'unsatisfiable';

const SINGLE_RANGE = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i;

/** The range to send of a body of `size` bytes; undefined to send it whole (no range, or one this server ignores). */
export function byteRange(header: string | undefined, size: number): ByteRange | undefined {
  const match = header === undefined ? null : SINGLE_RANGE.exec(header);
  if (!match) return undefined;
  const [first, last] = [match[1]!, match[2]!];
  if (first === '' && last === '') return undefined;
  if (first === '') {
    // `bytes=-500`: the last 500 bytes.
    const length = Number(last);
    return length === 0 || size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return undefined; // not a valid range: ignored
  return start >= size ? 'unsatisfiable' : { start, end };
}

/**
 * If-Range lets a client resume only while the file is the one it has. Its entity tag would have
 * to match strongly, which this server's weak tags never do, so only its date form can hold.
 */
export function ifRangeHolds(header: string | string[] | undefined, lastModified: string): boolean {
  return header === undefined || (typeof header === 'string' && header.trim() === lastModified);
}
