import { apiToken, DEMO, signInAs } from './support/app';
import { expect, test } from './support/test';

/**
 * A Draft project's pictures and documents are not public (decision 035): its charity's admin sees
 * them on the project's screen (the API hands them links signed for them, since an <img> sends no
 * token), while the same files fetched without such a link answer 404.
 */

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test("a Draft project's gallery and documents show to its charity admin and to nobody else", async ({
  page,
}) => {
  const token = await apiToken(page.request, DEMO.charity);
  const auth = { Authorization: `Bearer ${token}` };
  const me = (await (await page.request.get('/api/user/get', { headers: auth })).json()) as {
    charity_membership: Array<{ charity_id: number }>;
  };
  const created = await page.request.post('/api/project/create', {
    headers: auth,
    data: {
      title: `Quiet plans ${Date.now().toString(36)}`,
      charity_id: me.charity_membership[0]?.charity_id,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: number }).id;
  const picture = await page.request.post(`/api/project/image/${id}`, {
    headers: auth,
    multipart: { file: { name: 'plan.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(picture.status(), await picture.text()).toBe(201);
  const document = await page.request.post(`/api/project/document/${id}`, {
    headers: auth,
    multipart: { file: { name: 'budget.txt', mimeType: 'text/plain', buffer: Buffer.from('Seeds: 40\n') } },
  });
  expect(document.status(), await document.text()).toBe(201);
  const stored = {
    picture: `${((await picture.json()) as { url: string }).url}_small.webp`,
    document: ((await document.json()) as { url: string }).url.split('?')[0] ?? '',
  };

  await test.step('without a signed link, the files answer 404', async () => {
    for (const url of [stored.picture, stored.document]) {
      expect((await page.request.get(url.split('?')[0] ?? url)).status(), url).toBe(404);
    }
  });

  await test.step("the charity admin's project screen shows the picture and opens the document", async () => {
    await signInAs(page, DEMO.charity);
    await page.goto(`/charity/projects/${id}`);
    await page.getByRole('tab', { name: 'Gallery and documents' }).click();
    const image = page.getByRole('img', { name: 'Gallery picture 1' });
    await expect(image).toBeVisible();
    // Loaded and decoded (a refused file would not decode). The 1-pixel picture's naturalWidth
    // rounds to 0 at the srcset's density, so decode() is the check.
    await expect
      .poll(() =>
        image.evaluate((element: HTMLImageElement) =>
          element.decode().then(
            () => 'shown',
            () => 'broken',
          ),
        ),
      )
      .toBe('shown');
    const link = page.getByRole('link', { name: 'budget.txt' });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/\?u=\d+&e=\d+&s=/);
    // The browser follows the link without a token: it is signed for the admin.
    const opened = await page.request.get(href ?? '');
    expect(opened.status()).toBe(200);
    expect(await opened.text()).toBe('Seeds: 40\n');
    expect(opened.headers()['cache-control']).toBe('private, no-store');
  });
});
