import { crc32 } from 'node:zlib';
import { imageUrl } from '@kindred/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { charityMemberships } from '../../db/schema.js';
import { isoDay } from '../../lib/periods.js';
import { makeCharity, makeProject, type Person } from '../../testing/factories.js';
import { useTestApp } from '../../testing/helpers.js';
import { solidImage } from '../../testing/images.js';
import { multipartFile } from '../../testing/multipart.js';

let clock = new Date();
const t = useTestApp({}, { now: () => clock });
let platform: Person;
let charityId: number;
let admin: Person;

const MB = 1024 * 1024;
/** A file's URL as stored: what a visitor gets (a signed-in person gets it signed, decision 035). */
const stored = (url: string) => url.split('?')[0];
const DAY = 86_400_000;
const day = (offset: number) => isoDay(new Date(clock.getTime() + offset * DAY));
const READY = { description: 'Clean the river banks.', funds_target: 50_000 };

const png = () => solidImage('png', { width: 64, height: 48, background: '#1d6fa3' });
const jpeg = () => solidImage('jpeg', { width: 64, height: 48, background: '#c0392b' });
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(600, 0x90)]);
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(600, 0)]);
const HTML = Buffer.from('<!DOCTYPE html>\n<html><body><script>alert("hi")</script></body></html>\n');

/** A zip archive with stored (uncompressed) entries. */
function zip(entries: Array<[string, string]>): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const data = Buffer.from(content);
    const file = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(file.length, 26);
    parts.push(local, file, data);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    // The central header repeats the local header's fields, from the version needed to the name's length.
    local.copy(header, 6, 4, 30);
    header.writeUInt32LE(offset, 42);
    central.push(header, file);
    offset += local.length + file.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}
const DOCX = zip([
  [
    '[Content_Types].xml',
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  ],
  [
    'word/document.xml',
    '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>',
  ],
]);
const PLAIN_ZIP = zip([['notes.txt', 'just notes']]);

const approvedCharity = (name = 'Content Trust') => makeCharity(t, { name, platform });

const project = (state: 'draft' | 'live' = 'live', token = admin.token, body: Record<string, unknown> = {}) =>
  makeProject(
    t,
    { token },
    { title: 'Gallery garden', charityId, status: state, fields: { end_date: day(30), ...READY, ...body } },
  );

const upload = (url: string, data: Buffer, name: string, type: string, token = admin.token) =>
  t.request('POST', url, { token, ...multipartFile(data, name, type) });

beforeAll(async () => {
  platform = await t.createUser({ isIicAdmin: true, adminType: 2 });
  ({ id: charityId, admin } = await approvedCharity());
});

describe('project updates', () => {
  it('are posted by those who run the project and listed newest first in keyset pages', async () => {
    const id = await project();
    const start = clock;
    const posted: number[] = [];
    try {
      for (let i = 1; i <= 5; i++) {
        clock = new Date(start.getTime() + i * 60_000);
        const res = await t.request('POST', '/api/project/updates', {
          token: admin.token,
          body: { project_id: id, title: `Week ${i}`, body: `Bags filled: ${i * 10}` },
        });
        expect(res.statusCode).toBe(201);
        expect(res.json()).toMatchObject({
          project_id: id,
          title: `Week ${i}`,
          created_at: clock.toISOString(),
        });
        posted.push(res.json().id);
      }
      // Two posted in the same instant keep a stable order.
      for (const title of ['Same time A', 'Same time B']) {
        const res = await t.request('POST', '/api/project/updates', {
          token: admin.token,
          body: { project_id: id, title, body: 'Twins.' },
        });
        posted.push(res.json().id);
      }
    } finally {
      clock = start;
    }
    const newestFirst = [...posted].reverse();
    const all = (await t.request('GET', `/api/project/updates/${id}`)).json();
    expect(all.items.map((u: { id: number }) => u.id)).toEqual(newestFirst);
    expect(all.next_cursor).toBeNull();

    const seen: number[] = [];
    const pages = [];
    let page = (await t.request('GET', `/api/project/updates/${id}?limit=3`)).json();
    pages.push(page);
    seen.push(...page.items.map((u: { id: number }) => u.id));
    while (page.next_cursor) {
      page = (await t.request('GET', `/api/project/updates/${id}?limit=3&cursor=${page.next_cursor}`)).json();
      pages.push(page);
      seen.push(...page.items.map((u: { id: number }) => u.id));
    }
    expect(seen).toEqual(newestFirst);
    expect(pages).toHaveLength(3);
    for (let i = pages.length - 1; i > 0; i--) {
      const back = (
        await t.request(
          'GET',
          `/api/project/updates/${id}?limit=3&direction=before&cursor=${pages[i]?.prev_cursor}`,
        )
      ).json();
      expect(back.items).toEqual(pages[i - 1]?.items);
    }
    expect((await t.request('GET', `/api/project/updates/${id}?cursor=abc`)).statusCode).toBe(400);
    const crafted = Buffer.from(JSON.stringify(['not a time', 1])).toString('base64url');
    expect((await t.request('GET', `/api/project/updates/${id}?cursor=${crafted}`)).statusCode).toBe(400);
  });

  it('are refused to others, on a cancelled project, and for bad input; a Draft keeps them private', async () => {
    const draft = await project('draft');
    const post = await t.request('POST', '/api/project/updates', {
      token: admin.token,
      body: { project_id: draft, title: 'Plans', body: 'Coming soon.' },
    });
    expect(post.statusCode).toBe(201);
    expect((await t.request('GET', `/api/project/updates/${draft}`)).statusCode).toBe(404);
    expect(
      (await t.request('GET', `/api/project/updates/${draft}`, { token: admin.token })).json().items,
    ).toHaveLength(1);

    const stranger = await t.createUser();
    const member = await t.createUser();
    await t.ctx.database.db
      .insert(charityMemberships)
      .values({ createdAt: t.ctx.now(), charityId, userId: member.id, adminType: 99 });
    for (const token of [stranger.token, member.token]) {
      const live = await project();
      const res = await t.request('POST', '/api/project/updates', {
        token,
        body: { project_id: live, title: 'Hello', body: 'Not mine.' },
      });
      expect(res.statusCode).toBe(403);
    }
    const unknown = await t.request('POST', '/api/project/updates', {
      token: admin.token,
      body: { project_id: 999_999, title: 'Hello', body: 'Nobody.' },
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.request('POST', '/api/project/updates', {
      token: admin.token,
      body: { project_id: draft, title: 'Hi', body: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.details.fields).sort()).toEqual(['body', 'title']);
    await t.request('POST', `/api/project/${draft}/cancel`, { token: admin.token });
    const closed = await t.request('POST', '/api/project/updates', {
      token: admin.token,
      body: { project_id: draft, title: 'After', body: 'Too late.' },
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.code).toBe('PROJECT_CLOSED');
  });
});

describe('impact statements and their pictures', () => {
  it('attach pictures to the latest statement, and refuse pictures before there is one', async () => {
    const id = await project();
    const early = await upload(`/api/project/${id}/impact/image`, await png(), 'before.png', 'image/png');
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('NO_IMPACT');

    const start = clock;
    try {
      await t.request('POST', `/api/project/${id}/impact`, {
        token: admin.token,
        body: { title: 'First impact', body: 'We started.' },
      });
      clock = new Date(start.getTime() + 60_000);
      await t.request('POST', `/api/project/${id}/impact`, {
        token: admin.token,
        body: { title: 'Second impact', body: 'We finished.', beneficiaries: 120 },
      });
    } finally {
      clock = start;
    }
    const first = await upload(`/api/project/${id}/impact/image`, await png(), 'river.png', 'image/png');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ title: 'Second impact', beneficiaries: 120 });
    const second = await upload(`/api/project/${id}/impact/image`, await jpeg(), 'team.jpg', 'image/jpeg');
    expect(second.json().images).toHaveLength(2);
    expect(second.json().images[0]).toBe(first.json().images[0]);
    const picture = await t.request('GET', imageUrl(second.json().images[1], 'medium'));
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');

    const list = (await t.request('GET', `/api/project/${id}/impact`)).json();
    expect(list.items.map((i: { title: string; images: string[] }) => [i.title, i.images.length])).toEqual([
      ['Second impact', 2],
      ['First impact', 0],
    ]);
    const summary = (await t.request('GET', `/api/project/${id}/summary`)).json();
    expect(summary).toMatchObject({ status: 9, impacts_count: 2 });

    const wrong = await upload(`/api/project/${id}/impact/image`, PDF, 'report.png', 'image/png');
    expect(wrong.statusCode).toBe(415);
    const stranger = await t.createUser();
    const byStranger = await upload(
      `/api/project/${id}/impact/image`,
      await png(),
      'x.png',
      'image/png',
      stranger.token,
    );
    expect(byStranger.statusCode).toBe(403);
    const draft = await project('draft');
    expect((await t.request('GET', `/api/project/${draft}/impact`)).statusCode).toBe(404);
  });
});

describe('the gallery', () => {
  it('takes PNG and JPEG pictures, lists them, and deletes them', async () => {
    const id = await project();
    const a = await upload(`/api/project/image/${id}`, await png(), 'a.png', 'image/png');
    expect(a.statusCode).toBe(201);
    expect(a.json()).toMatchObject({ project_id: id, caption: null });
    expect(a.json().url).toMatch(/^\/api\/files\/gallery\//);
    const b = await upload(`/api/project/image/${id}`, await jpeg(), 'b.jpg', 'image/jpeg');
    expect(b.statusCode).toBe(201);
    for (const variant of ['small', 'medium', 'big'] as const) {
      const file = await t.request('GET', imageUrl(b.json().url, variant));
      expect(file.statusCode, variant).toBe(200);
    }
    const list = (await t.request('GET', `/api/project/${id}/images`)).json();
    expect(list.items.map((i: { id: number }) => i.id)).toEqual([a.json().id, b.json().id]);

    const other = await project();
    const notHere = await t.request('DELETE', `/api/project/galery/${other}/${a.json().id}`, {
      token: admin.token,
    });
    expect(notHere.statusCode).toBe(404);
    const stranger = await t.createUser();
    expect(
      (await t.request('DELETE', `/api/project/galery/${id}/${a.json().id}`, { token: stranger.token }))
        .statusCode,
    ).toBe(403);
    const removed = await t.request('DELETE', `/api/project/galery/${id}/${a.json().id}`, {
      token: admin.token,
    });
    expect(removed.statusCode).toBe(200);
    expect((await t.request('GET', imageUrl(a.json().url, 'small'))).statusCode).toBe(404);
    expect(
      (await t.request('GET', `/api/project/${id}/images`)).json().items.map((i: { id: number }) => i.id),
    ).toEqual([b.json().id]);
    expect(
      (await t.request('DELETE', `/api/project/galery/${id}/${a.json().id}`, { token: admin.token }))
        .statusCode,
    ).toBe(404);
  });

  it("makes the first picture the project's cover on its page and its explore card", async () => {
    const id = await project();
    const cover = async () => (await t.request('GET', `/api/project/${id}`)).json().cover;
    const card = async () =>
      (await t.request('GET', `/api/explore/project/list?charity_id=${charityId}&limit=100`))
        .json()
        .items.find((item: { id: number }) => item.id === id);
    expect(await cover()).toBeNull();
    expect((await card()).cover).toBeNull();

    // A refused file does not become the cover.
    expect((await upload(`/api/project/image/${id}`, PDF, 'cover.png', 'image/png')).statusCode).toBe(415);
    expect(await cover()).toBeNull();

    const first = (await upload(`/api/project/image/${id}`, await png(), 'first.png', 'image/png')).json();
    const second = (
      await upload(`/api/project/image/${id}`, await jpeg(), 'second.jpg', 'image/jpeg')
    ).json();
    // A visitor gets the URL as stored; the admin who uploaded it, the same signed for them.
    expect(await cover()).toBe(stored(first.url));
    expect((await card()).cover).toBe(stored(first.url));
    // The cover's variants are the gallery's: 320, 800 and 1600 pixels at most, never enlarged.
    const small = await t.request('GET', imageUrl(first.url, 'small'));
    expect(small.headers['content-type']).toBe('image/webp');
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 64, height: 48 });

    await t.request('DELETE', `/api/project/galery/${id}/${first.id}`, { token: admin.token });
    expect(await cover()).toBe(stored(second.url));
    expect((await card()).cover).toBe(stored(second.url));
    await t.request('DELETE', `/api/project/galery/${id}/${second.id}`, { token: admin.token });
    expect(await cover()).toBeNull();
  });

  it('refuses files by their content, files over 20 MB, and a cancelled project', async () => {
    const id = await project();
    const refused: Array<[Buffer, string, string]> = [
      [EXE, 'photo.png', 'image/png'],
      [ELF, 'photo.jpg', 'image/jpeg'],
      [HTML, 'photo.png', 'image/png'],
      [PDF, 'photo.png', 'image/png'],
      [Buffer.from('plain words'), 'photo.jpg', 'image/jpeg'],
      [Buffer.concat([(await png()).subarray(0, 40), Buffer.alloc(200, 7)]), 'broken.png', 'image/png'],
    ];
    for (const [data, name, type] of refused) {
      const res = await upload(`/api/project/image/${id}`, data, name, type);
      expect(res.statusCode, name).toBe(415);
      expect(res.json().error.code).toBe('UNSUPPORTED_FILE_TYPE');
    }
    const big = Buffer.concat([await png(), Buffer.alloc(20 * MB, 0)]);
    const tooBig = await upload(`/api/project/image/${id}`, big, 'huge.png', 'image/png');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.code).toBe('FILE_TOO_LARGE');
    const empty = await upload(`/api/project/image/${id}`, Buffer.alloc(0), 'empty.png', 'image/png');
    expect(empty.statusCode).toBe(400);
    const notMultipart = await t.request('POST', `/api/project/image/${id}`, {
      token: admin.token,
      body: {},
    });
    expect(notMultipart.statusCode).toBe(415);
    expect((await t.request('GET', `/api/project/${id}/images`)).json().items).toEqual([]);

    await t.request('POST', `/api/project/${id}/cancel`, { token: admin.token });
    const closed = await upload(`/api/project/image/${id}`, await png(), 'late.png', 'image/png');
    expect(closed.statusCode).toBe(409);
  });
});

describe('documents', () => {
  it('take text, PDF and Word files recognised by their content', async () => {
    const id = await project();
    const accepted: Array<[Buffer, string, string, string]> = [
      [PDF, 'report.pdf', 'application/pdf', 'application/pdf'],
      [
        DOCX,
        'plan.docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ],
      [Buffer.from('Volunteers: 12\nBags: 40\n'), 'notes.txt', 'text/plain', 'text/plain'],
      [Buffer.from('name,hours\nAsha,4\n'), 'hours.csv', 'text/csv', 'text/plain'],
    ];
    const ids: number[] = [];
    for (const [data, name, type, mime] of accepted) {
      const res = await upload(`/api/project/document/${id}`, data, name, type);
      expect(res.statusCode, name).toBe(201);
      expect(res.json()).toMatchObject({ project_id: id, name, mime, size: data.length });
      ids.push(res.json().id);
    }
    const list = (await t.request('GET', `/api/project/${id}/documents`)).json();
    expect(list.items.map((d: { id: number }) => d.id)).toEqual(ids);
    const file = await t.request('GET', list.items[0].url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(file.headers['content-disposition']).toBe('attachment');
    const odd = await upload(
      `/api/project/document/${id}`,
      Buffer.from('x'),
      '../../etc/pass wd?.txt',
      'text/plain',
    );
    expect(odd.statusCode).toBe(201);
    expect(odd.json().name).not.toContain('/');
  });

  it('refuse executables, web pages and archives whatever their name, and files over 20 MB', async () => {
    const id = await project();
    const refused: Array<[Buffer, string, string]> = [
      [EXE, 'report.pdf', 'application/pdf'],
      [ELF, 'report.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      [HTML, 'report.pdf', 'application/pdf'],
      [Buffer.from('<html><body>hello</body></html>'), 'notes.txt', 'text/plain'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'notes.txt', 'text/plain'],
      [PLAIN_ZIP, 'report.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      [await png(), 'report.pdf', 'application/pdf'],
      [Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x80, 0x81]), 'notes.txt', 'text/plain'],
    ];
    for (const [data, name] of refused) {
      const res = await upload(`/api/project/document/${id}`, data, name, 'application/pdf');
      expect(res.statusCode, `${name}: ${data.subarray(0, 12).toString('hex')}`).toBe(415);
    }
    const tooBig = await upload(
      `/api/project/document/${id}`,
      Buffer.concat([PDF, Buffer.alloc(20 * MB, 0x20)]),
      'big.pdf',
      'application/pdf',
    );
    expect(tooBig.statusCode).toBe(413);
    expect((await t.request('GET', `/api/project/${id}/documents`)).json().items).toEqual([]);
    const stranger = await t.createUser();
    expect(
      (await upload(`/api/project/document/${id}`, PDF, 'r.pdf', 'application/pdf', stranger.token))
        .statusCode,
    ).toBe(403);
  });

  it('are deleted through a path naming the charity of the project', async () => {
    const id = await project();
    const doc = (await upload(`/api/project/document/${id}`, PDF, 'report.pdf', 'application/pdf')).json();
    const { id: otherCharity } = await approvedCharity('Other Trust');
    const wrongCharity = await t.request('DELETE', `/api/project/document/${otherCharity}/${id}/${doc.id}`, {
      token: admin.token,
    });
    expect(wrongCharity.statusCode).toBe(404);
    const other = await project();
    const wrongProject = await t.request('DELETE', `/api/project/document/${charityId}/${other}/${doc.id}`, {
      token: admin.token,
    });
    expect(wrongProject.statusCode).toBe(404);
    const stranger = await t.createUser();
    expect(
      (
        await t.request('DELETE', `/api/project/document/${charityId}/${id}/${doc.id}`, {
          token: stranger.token,
        })
      ).statusCode,
    ).toBe(403);
    const removed = await t.request('DELETE', `/api/project/document/${charityId}/${id}/${doc.id}`, {
      token: admin.token,
    });
    expect(removed.statusCode).toBe(200);
    expect((await t.request('GET', doc.url)).statusCode).toBe(404);
    expect((await t.request('GET', `/api/project/${id}/documents`)).json().items).toEqual([]);
    expect(
      (
        await t.request('DELETE', `/api/project/document/${charityId}/${id}/${doc.id}`, {
          token: admin.token,
        })
      ).statusCode,
    ).toBe(404);
  });

  it("of a person's own project (no charity yet) are deleted with 0 for the charity", async () => {
    const person = await t.createUser();
    const id = await makeProject(t, person, { title: 'Solo', status: 'draft' });
    const doc = (
      await upload(`/api/project/document/${id}`, PDF, 'plan.pdf', 'application/pdf', person.token)
    ).json();
    const wrong = await t.request('DELETE', `/api/project/document/${charityId}/${id}/${doc.id}`, {
      token: person.token,
    });
    expect(wrong.statusCode).toBe(404);
    const removed = await t.request('DELETE', `/api/project/document/0/${id}/${doc.id}`, {
      token: person.token,
    });
    expect(removed.statusCode).toBe(200);
    expect(
      (await t.request('GET', `/api/project/${id}/documents`, { token: person.token })).json().items,
    ).toEqual([]);
  });
});

describe("a project's logo", () => {
  it('is a PNG or JPEG, replaced by the next one', async () => {
    const id = await project('draft');
    const first = await upload(`/api/project/logo/${id}`, await png(), 'logo.png', 'image/png');
    expect(first.statusCode).toBe(200);
    expect(first.json().logo).toMatch(/^\/api\/files\/logos\//);
    const second = await upload(`/api/project/logo/${id}`, await jpeg(), 'logo.jpg', 'image/jpeg');
    expect(second.json().logo).not.toBe(first.json().logo);
    expect((await t.request('GET', imageUrl(first.json().logo, 'small'))).statusCode).toBe(404);
    expect((await t.request('GET', imageUrl(second.json().logo, 'small'))).statusCode).toBe(200);
    const refused = await upload(`/api/project/logo/${id}`, HTML, 'logo.png', 'image/png');
    expect(refused.statusCode).toBe(415);
    const tooBig = await upload(
      `/api/project/logo/${id}`,
      Buffer.concat([await png(), Buffer.alloc(10 * MB, 0)]),
      'logo.png',
      'image/png',
    );
    expect(tooBig.statusCode).toBe(413);
    const stranger = await t.createUser();
    expect(
      (await upload(`/api/project/logo/${id}`, await png(), 'l.png', 'image/png', stranger.token)).statusCode,
    ).toBe(403);
  });
});
