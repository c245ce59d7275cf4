import type { Page } from '@playwright/test';
import type {} from './hooks';

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
      const { api, callFor } = window.__capture!;
      const answer = await api.request({ call: callFor('GET', path, query), responseType: 'text' });
      return JSON.parse(answer.data) as unknown;
    },
    { path, query },
  ) as Promise<T>;
}
