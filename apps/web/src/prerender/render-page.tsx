import { PassThrough } from 'node:stream';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { App } from '../App';
import { routes } from '../routes';

/**
 * The markup the app draws first at `path`, before any data or session is known: exactly what the
 * browser's first render produces, so main.tsx can hydrate it. Lazy pages are awaited, so the page
 * itself is in it, with the skeletons it shows while its data loads. `sessionHint` draws it as for a
 * request that carried a session cookie (auth/session-hint.ts).
 * Built and run in Node by build/prerender.ts; never part of the browser bundle.
 */
export async function renderPage(path: string, sessionHint: boolean): Promise<string> {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App router={router} sessionHint={sessionHint} />
    </StrictMode>,
    {
      // A page that never finishes (a lazy import that hangs) fails the build instead of stalling it.
      signal: AbortSignal.timeout(30_000),
      // Every boundary inline, in place: no streaming segments and no inline scripts to move them.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude.pipe(new PassThrough())) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
