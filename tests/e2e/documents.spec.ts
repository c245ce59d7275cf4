import { expect, test, type Page } from '@playwright/test';
import { apiGet } from './support/api';
import { leavingWarns } from './support/leaveWarning';
import { signInThroughIdentityPage } from './support/login';
import { routeBuilt } from './support/routes';

test.describe.configure({ mode: 'serial' });

interface DocumentFile {
  fileName: string;
  fileID: string;
  uploadedTime: number;
  size: number;
}

async function openDocumentsSignedIn(page: Page): Promise<void> {
  await page.goto('/documents');
  await expect(page.getByTestId('login-prompt')).toBeVisible();
  await signInThroughIdentityPage(page);
  await expect(page.getByTestId('documents')).toBeVisible();
}

/** The first page of documents as the API lists them (newest upload first). */
async function apiDocuments(
  page: Page,
  limit = 50,
): Promise<{ jobId: string; documents: DocumentFile[]; total: number }> {
  const job = await apiGet<{ id: string }>(page, '/jobs/default');
  const answer = await apiGet<{ documents: DocumentFile[]; total: number }>(
    page,
    `/jobs/${job.id}/documents`,
    { offset: 0, limit },
  );
  return { jobId: job.id, ...answer };
}

async function fileStatus(page: Page, jobId: string, fileId: string): Promise<number> {
  return page.evaluate(
    async ({ jobId, fileId }) => {
      const { api, callFor } = window.__capture!;
      try {
        await api.request({
          call: callFor('GET', `/jobs/${jobId}/files_by_id/${fileId}`),
          responseType: 'text',
        });
        return 200;
      } catch (error) {
        return (error as { status?: number }).status ?? 0;
      }
    },
    { jobId, fileId },
  );
}

test('lists the documents of the API under year-month headers, with a way back to Settings', async ({
  page,
}) => {
  await openDocumentsSignedIn(page);
  const { documents, total } = await apiDocuments(page);
  expect(total).toBeGreaterThan(0);
  const rows = page.getByTestId('document-row');
  await expect(rows.first()).toBeVisible();
  // The first rows are the API's first documents, in its order (newest upload first).
  const shown = await rows.evaluateAll((nodes) =>
    nodes.slice(0, 20).map((node) => node.getAttribute('data-file-id')),
  );
  expect(shown).toEqual(documents.slice(0, shown.length).map((d) => d.fileID));
  // The count is written as a number of the page's language (en-US: 1,234).
  await expect(page.getByTestId('documents-total')).toHaveText(
    total === 1 ? '1 document' : `${total.toLocaleString('en-US')} documents`,
  );

  // The first header names the month of the newest upload, in the page's language.
  const newest = new Date(documents[0].uploadedTime * 1000);
  const month = newest.toLocaleDateString('en-US', { year: 'numeric', month: 'long' });
  await expect(page.getByTestId('documents-group').first().getByRole('heading')).toHaveText(month);

  // SPEC §2 back button to Settings: shown once the settings page is built (issue 22).
  const back = page.getByTestId('documents').getByRole('link', { name: 'Settings' });
  if (await routeBuilt(page, '/settings')) {
    await back.click();
    await expect(page).toHaveURL(/\/settings$/);
  } else {
    await expect(back).toHaveCount(0);
  }
});

test('select mode, delete with confirmation (cancel keeps them), then the selection resets', async ({
  page,
}) => {
  await openDocumentsSignedIn(page);
  const { jobId, documents } = await apiDocuments(page, 3);
  expect(documents.length).toBeGreaterThanOrEqual(2);
  const [first, second] = documents;
  const row = (id: string) => page.locator(`[data-testid="document-row"][data-file-id="${id}"]`);

  // Select mode starts with the first selected file; keyboard: Space on the checkbox.
  await expect(page.getByTestId('documents-toolbar')).toBeHidden();
  await row(first.fileID).getByRole('checkbox').focus();
  await page.keyboard.press('Space');
  const toolbar = page.getByTestId('documents-toolbar');
  await expect(toolbar).toContainText('1 selected');
  // In select mode a click on the row toggles it.
  await row(second.fileID).locator('.documents-row__meta').click();
  await expect(toolbar).toContainText('2 selected');

  // Cancel: nothing is deleted and the selection stays.
  await toolbar.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Delete 2 documents?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(toolbar).toContainText('2 selected');
  await expect(row(first.fileID)).toBeVisible();

  // Confirm: both leave the list and the API, and select mode ends. While the first delete is
  // held, leaving warns and the SPEC §9 marker is kept (SPEC §8 "Changes might be lost").
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held!: () => void;
  const holding = new Promise<void>((resolve) => (held = resolve));
  const firstDelete = new RegExp(`/jobs/${jobId}/files_by_id/${first.fileID}(\\?|$)`);
  await page.route(firstDelete, async (route) => {
    if (route.request().method() !== 'DELETE') return route.fallback();
    held();
    await released;
    return route.fallback();
  });
  await toolbar.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await holding;
  expect(await page.evaluate(() => localStorage.getItem('filesAreBeingDeleted'))).not.toBeNull();
  expect(await leavingWarns(page)).toBe(true);
  release();
  await expect(row(first.fileID)).toHaveCount(0);
  await expect(row(second.fileID)).toHaveCount(0);
  await expect(page.getByTestId('documents-toolbar')).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: '2 documents deleted' })).toBeVisible();
  expect(await fileStatus(page, jobId, first.fileID)).toBe(404);
  expect(await fileStatus(page, jobId, second.fileID)).toBe(404);
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('filesAreBeingDeleted')))
    .toBeNull();

  // Escape leaves select mode without deleting anything.
  const [third] = (await apiDocuments(page, 1)).documents;
  await row(third.fileID).getByRole('checkbox').check();
  await expect(page.getByTestId('documents-toolbar')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('documents-toolbar')).toBeHidden();
  await expect(row(third.fileID)).toBeVisible();
});
