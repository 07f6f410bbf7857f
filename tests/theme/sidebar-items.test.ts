/** A shell category's items: fetched once for every component that asks; the reader's Retry always asks anew. */
import { describe, it, expect, vi, afterEach } from 'vitest';
import { fetchCategoryItems } from '../../theme/client/sidebar-items.ts';

const items = [{ type: 'link', label: 'First page', href: '/guide/first/' }];

afterEach(() => vi.unstubAllGlobals());

describe('fetching a shell category', () => {
  it('shares one request between callers, and forgets it when it fails', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(items)));
    vi.stubGlobal('fetch', fetch);
    await Promise.all([fetchCategoryItems('/a.json'), fetchCategoryItems('/a.json')]);
    expect(fetch).toHaveBeenCalledTimes(1);
    fetch.mockImplementationOnce(async () => new Response('busy', { status: 503 }));
    await expect(fetchCategoryItems('/b.json')).rejects.toThrow('/b.json answered 503');
    expect(await fetchCategoryItems('/b.json')).toEqual(items);
  });

  it("starts a new request on Retry while one begun before the click is still on its way to fail", async () => {
    let failOld: (response: Response) => void = () => undefined;
    const fetch = vi.fn<(url: string) => Promise<Response>>();
    fetch.mockImplementationOnce(() => new Promise<Response>((resolve) => (failOld = resolve)));
    fetch.mockImplementation(async () => new Response(JSON.stringify(items)));
    vi.stubGlobal('fetch', fetch);
    const before = fetchCategoryItems('/c.json');
    // Joining it would give the reader the old failure again.
    expect(fetch).toHaveBeenCalledTimes(1);
    const retry = fetchCategoryItems('/c.json', { fresh: true });
    expect(fetch).toHaveBeenCalledTimes(2);
    failOld(new Response('busy', { status: 503 }));
    await expect(before).rejects.toThrow('503');
    expect(await retry).toEqual(items);
    // Later callers share the answer of the retry.
    expect(await fetchCategoryItems('/c.json')).toEqual(items);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
