import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RestEndpoint } from './endpoints';

/** The reply headers of a paged endpoint, for the reference. */
export const PAGE_HEADERS = {
  'X-Next-Cursor': 'pass as cursor to read the next (older) page; absent on the last page',
  Link: '<URL of the next page>; rel="next"',
} as const;

interface Page {
  items: unknown[];
  nextCursor: string | null;
}

const isPage = (value: unknown): value is Page =>
  typeof value === 'object' && value !== null && Array.isArray((value as Page).items);

/**
 * Existing clients read a plain array: the page's items are the reply, and where the next page
 * starts travels in X-Next-Cursor and a Link (rel=next) with the same query, rather than the list
 * silently stopping. No header means this was the last page.
 */
export function writePage(endpoint: RestEndpoint, req: FastifyRequest, reply: FastifyReply, page: unknown): unknown[] {
  if (!isPage(page)) throw new Error(`${endpoint.procedure} answered something other than a page`);
  if (page.nextCursor) {
    reply.header('X-Next-Cursor', page.nextCursor);
    const query = req.query as Record<string, string>;
    const next = new URLSearchParams({ ...query, cursor: page.nextCursor });
    reply.header('Link', `<${endpoint.path}?${next.toString()}>; rel="next"`);
  }
  return page.items;
}
