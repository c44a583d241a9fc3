/**
 * The cursor of a deep list page, found the way a client finds it: by following the Link
 * headers of GET /api/posts, up to 1000 posts a page.
 */

/** The cursor of the page that starts after the first `position` posts of the list. */
export async function deepCursor(url: string, position: number): Promise<string> {
  let path = `/api/posts?limit=${Math.min(1000, position)}`;
  for (let walked = 0; ; ) {
    const link = (await fetch(`${url}${path}`)).headers.get('link');
    const next = link === null ? undefined : /^<([^>]+)>/.exec(link)?.[1];
    if (next === undefined) throw new Error(`no next page after ${walked} posts`);
    walked += Number(new URLSearchParams(path.split('?')[1]).get('limit'));
    if (walked >= position) return new URLSearchParams(next.split('?')[1]).get('cursor')!;
    path = next.replace(/limit=\d+/, `limit=${Math.min(1000, position - walked)}`);
  }
}
