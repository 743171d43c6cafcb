import { imageUrl } from '@kindred/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { isoDay } from '../../lib/periods.js';
import { makeCharity, makeProject, type Person, platformAdmin } from '../../testing/factories.js';
import { useTestApp } from '../../testing/helpers.js';
import { solidImage } from '../../testing/images.js';
import { multipartFile } from '../../testing/multipart.js';
import { PRIVATE_FILE, PUBLIC_FOREVER, PUBLIC_PROJECT_FILE } from './files.service.js';

/**
 * Uploaded files are sent under the access rule of what they belong to (decision 035): a Draft
 * project's documents and pictures only to those who may see the project, never cached by shared
 * caches; a public project's, a charity's logo and avatars to anyone.
 */

const clock = new Date('2026-06-01T09:00:00Z');
const t = useTestApp({}, { now: () => clock });
let platform: Person;
let admin: Person;
let charityId: number;

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
const png = () => solidImage('png', { background: '#1d6fa3' });
const upload = async (url: string, data: Buffer, name: string, type: string, token = admin.token) => {
  const res = await t.request('POST', url, { token, ...multipartFile(data, name, type) });
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(res.body);
  return res.json();
};
/** A GET as a browser's <img> or link sends it: no Authorization header. */
const fetchFile = (url: string) => t.app.inject({ method: 'GET', url });
/** The URL as stored, without a signature. */
const plain = (url: string) => url.split('?')[0] ?? url;

async function draftWithFiles() {
  const id = await makeProject(t, admin, {
    title: 'Quiet plans',
    charityId,
    status: 'draft',
    fields: {
      description: 'Not ready yet.',
      end_date: isoDay(new Date(clock.getTime() + 30 * 86_400_000)),
      funds_target: 50_000,
    },
  });
  const document = await upload(`/api/project/document/${id}`, PDF, 'budget.pdf', 'application/pdf');
  const picture = await upload(`/api/project/image/${id}`, await png(), 'plan.png', 'image/png');
  return { id, document: document.url as string, picture: picture.url as string };
}

beforeAll(async () => {
  platform = await platformAdmin(t);
  ({ id: charityId, admin } = await makeCharity(t, { name: 'Files Trust', platform }));
});

describe('files of a Draft project', () => {
  it('answer 404 to anyone without the link signed for a person who may see the project', async () => {
    const draft = await draftWithFiles();
    for (const url of [plain(draft.document), imageUrl(plain(draft.picture), 'small')]) {
      const res = await fetchFile(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['cache-control'], url).not.toMatch(/public/);
    }
    // A stranger signed in fares no better, with a token or with their own signed links.
    const stranger = await t.createUser();
    const asStranger = await t.request('GET', plain(draft.document), { token: stranger.token });
    expect(asStranger.statusCode).toBe(404);
    expect(
      (await t.request('GET', `/api/project/${draft.id}/documents`, { token: stranger.token })).statusCode,
    ).toBe(404);
  });

  it("reach the charity's admin through the signed links the API hands them, private and never stored by a cache", async () => {
    const draft = await draftWithFiles();
    const documents = await t.request('GET', `/api/project/${draft.id}/documents`, { token: admin.token });
    const images = await t.request('GET', `/api/project/${draft.id}/images`, { token: admin.token });
    const project = await t.request('GET', `/api/project/${draft.id}`, { token: admin.token });
    const documentUrl = documents.json().items[0].url as string;
    const pictureUrl = images.json().items[0].url as string;
    expect(documentUrl).toMatch(/\?u=\d+&e=\d+&s=/);
    expect(plain(project.json().cover)).toBe(plain(pictureUrl));

    const file = await fetchFile(documentUrl);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(file.headers['cache-control']).toBe(PRIVATE_FILE);
    for (const variant of ['small', 'medium', 'big'] as const) {
      const picture = await fetchFile(imageUrl(pictureUrl, variant));
      expect(picture.statusCode, variant).toBe(200);
      expect(picture.headers['content-type'], variant).toBe('image/webp');
      expect(picture.headers['cache-control'], variant).toBe(PRIVATE_FILE);
    }
    // With the token (the app's own fetch), the same.
    const withToken = await t.request('GET', plain(documentUrl), { token: admin.token });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.headers['cache-control']).toBe(PRIVATE_FILE);

    // A link altered to name someone else, or for another file, is worth nothing.
    const stranger = await t.createUser();
    expect((await fetchFile(documentUrl.replace(/u=\d+/, `u=${stranger.id}`))).statusCode).toBe(404);
    const otherFile = `${plain(pictureUrl)}_small.webp?${documentUrl.split('?')[1]}`;
    expect((await fetchFile(otherFile)).statusCode).toBe(404);
  });
});

describe('files of a public project', () => {
  it('may be kept by any cache for a short while, and stop being served once the project goes back to Draft', async () => {
    const project = await draftWithFiles();
    const live = await t.request('PATCH', `/api/project/update/${project.id}`, {
      token: admin.token,
      body: { status: 2 },
    });
    expect(live.statusCode).toBe(200);
    const documents = await t.request('GET', `/api/project/${project.id}/documents`);
    // A visitor gets the URLs as stored.
    expect(documents.json().items[0].url).toBe(plain(project.document));
    for (const url of [plain(project.document), imageUrl(plain(project.picture), 'medium')]) {
      const res = await fetchFile(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(PUBLIC_PROJECT_FILE);
    }

    const back = await t.request('POST', '/api/admin/return', {
      token: platform.token,
      body: { project_id: project.id, reason: 'The budget needs another look.' },
    });
    expect(back.statusCode).toBe(200);
    for (const url of [plain(project.document), imageUrl(plain(project.picture), 'medium')])
      expect((await fetchFile(url)).statusCode, url).toBe(404);
  });

  it("keeps a charity's logo public and cached for a year, and answers a deleted picture with 404", async () => {
    const logo = await upload(`/api/charity/logo/${charityId}`, await png(), 'logo.png', 'image/png');
    const logoUrl = logo.logo as string;
    const res = await fetchFile(imageUrl(logoUrl, 'small'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(PUBLIC_FOREVER);

    const project = await draftWithFiles();
    const images = await t.request('GET', `/api/project/${project.id}/images`, { token: admin.token });
    const { id: imageId, url } = images.json().items[0] as { id: number; url: string };
    expect((await fetchFile(imageUrl(url, 'small'))).statusCode).toBe(200);
    const removed = await t.request('DELETE', `/api/project/galery/${project.id}/${imageId}`, {
      token: admin.token,
    });
    expect(removed.statusCode).toBe(200);
    expect((await fetchFile(imageUrl(url, 'small'))).statusCode).toBe(404);
  });
});
