import type { Page } from '@playwright/test';

/**
 * One GET through the app's own API client in the page (its token, hosts and common
 * parameters; test builds expose it as `window.__capture.api`): the parsed JSON answer.
 */
export function apiGet<T>(
  page: Page,
  path: string,
  query?: Record<string, string | number>,
): Promise<T> {
  return page.evaluate(
    async ({ path, query }) => {
      type Api = { request(opts: object): Promise<{ data: string }> };
      const { api } = (window as unknown as { __capture: { api: Api } }).__capture;
      const answer = await api.request({ method: 'GET', path, query, responseType: 'text' });
      return JSON.parse(answer.data) as unknown;
    },
    { path, query },
  ) as Promise<T>;
}
