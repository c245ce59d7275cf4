import { expect, test } from '@playwright/test';
import { account, call, uploadPhoto, type Account } from './support/accounts';
import { axeBuilder } from './support/axe';
import { openTimelineSignedIn } from './support/login';
import { zipNames } from './support/zip';

// A library of this spec's own: three photos from 2023, two from 2021, an album holding one of
// two of them and an empty album (which the takeout leaves out).
let user: Account;
let albumName = '';

test.beforeAll(async ({ request }) => {
  user = await account(request, 'takeout');
  const uploaded: string[] = [];
  const dates = [
    ['y2023-a.jpg', Date.UTC(2023, 2, 1)],
    ['y2023-b.jpg', Date.UTC(2023, 6, 9)],
    ['y2023-c.jpg', Date.UTC(2023, 11, 31, 12)],
    ['y2021-a.jpg', Date.UTC(2021, 0, 1, 12)],
    ['y2021-b.jpg', Date.UTC(2021, 4, 20)],
  ] as const;
  for (const [i, [name, time]] of dates.entries()) {
    const photo = { path: `takeout/${name}`, mtime: time / 1000, width: 320, height: 240 };
    uploaded.push(await uploadPhoto(user, { ...photo, red: 50 * i }));
  }
  albumName = 'Trip <2023> & "friends"';
  const album = (
    await call<{ id: string }>(user, 'POST', '/jobs', {
      type: 'story',
      name: albumName,
      public: false,
    })
  ).id;
  await call(user, 'POST', `/jobs/${album}/copy_files`, {
    source_job: user.timeline,
    file_ids: [uploaded[0], uploaded[1]],
  });
  await call(user, 'POST', '/jobs', { type: 'story', name: 'Empty one', public: false });
});

test('takeout lists the years and the albums with files; a year downloads exactly its originals', async ({
  page,
}) => {
  await openTimelineSignedIn(page, '/settings/takeout', user, 'takeout');
  await expect(page.getByTestId('takeout-photo-count')).toHaveText('5 photos and videos');
  const years = page.getByTestId('takeout-year');
  await expect(years).toHaveCount(2);
  await expect(years.nth(0)).toContainText('2023');
  await expect(years.nth(0)).toContainText('3 photos and videos');
  await expect(years.nth(1)).toContainText('2021');
  await expect(years.nth(1)).toContainText('2 photos and videos');
  const albums = page.getByTestId('takeout-album');
  await expect(albums).toHaveCount(1);
  await expect(albums).toContainText(albumName);
  await expect(albums).toContainText('2 items');
  await expect(page.getByTestId('takeout-help')).toHaveAttribute(
    'href',
    'https://captureapp.com/help/takeout',
  );
  expect((await axeBuilder(page).include('[data-testid="takeout"]').analyze()).violations).toEqual(
    [],
  );

  const [year] = await Promise.all([
    page.waitForEvent('download'),
    years.nth(1).getByTestId('takeout-year-download').click(),
  ]);
  expect(year.suggestedFilename()).toMatch(/2021.*\.zip$/);
  expect(await zipNames(await year.path())).toEqual(['y2021-a.jpg', 'y2021-b.jpg']);

  const [album] = await Promise.all([
    page.waitForEvent('download'),
    albums.getByTestId('takeout-album-download').click(),
  ]);
  expect(album.suggestedFilename()).toMatch(/^Trip.*\.zip$/);
  expect(await zipNames(await album.path())).toEqual(['y2023-a.jpg', 'y2023-b.jpg']);
});

test('on a phone the takeout says it is not available there', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openTimelineSignedIn(page, '/settings/takeout', user, 'takeout-mobile');
  await expect(page.getByTestId('takeout-years')).toHaveCount(0);
  await expect(page.getByTestId('takeout-mobile')).toContainText('not available on phones');
});
