import type { Page } from 'playwright-core';

/**
 * Makes one tRPC procedure fail as the server would (status and message), for as long as the test
 * wants: the others of its batch still go to the server and keep their real answers.
 */
export async function failProcedure(
  page: Page,
  procedure: string,
  status: number,
  message: string,
): Promise<() => Promise<void>> {
  const matches = (url: URL) => url.pathname.startsWith('/trpc/') && procedureNames(url).includes(procedure);
  const handler = async (route: import('playwright-core').Route) => {
    const url = new URL(route.request().url());
    const names = procedureNames(url);
    const error = {
      error: { message, code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: status, path: procedure } },
    };
    // Alone in its batch: the server is never asked (a failed purchase must not credit anything).
    if (names.length === 1) {
      await route.fulfill({ status, contentType: 'application/json', body: JSON.stringify([error]) });
      return;
    }
    const response = await route.fetch();
    const answers = (await response.json()) as unknown[];
    answers[names.indexOf(procedure)] = error;
    await route.fulfill({ status: 207, contentType: 'application/json', body: JSON.stringify(answers) });
  };
  await page.route(matches, handler);
  return () => page.unroute(matches, handler);
}

function procedureNames(url: URL): string[] {
  return decodeURIComponent(url.pathname.slice('/trpc/'.length)).split(',');
}
