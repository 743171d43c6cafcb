import net from 'node:net';
import { crc32, deflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeCharity, makeProject, type Person } from '../testing/factories.js';
import { useTestApp } from '../testing/helpers.js';
import { multipartFile } from '../testing/multipart.js';

/**
 * The edge of the API: whatever arrives (NUL characters, broken characters, cut-off uploads,
 * broken addresses, oversized request lines), the answer is a 4xx in the error format
 * `{"error": {"code", "message", "details"}}`, never a 500 and never Fastify's or Node's own body.
 */
const t = useTestApp();
let port: number;
let user: Person;
let admin: Person;

beforeAll(async () => {
  user = await t.createUser();
  admin = await t.createUser({ isIicAdmin: true, adminType: 1 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});

/** The body is exactly the error format, with the given status and code. */
function expectError(res: { statusCode: number; body: string }, status: number, code: string | string[]) {
  expect(res.statusCode, res.body).toBe(status);
  const body = JSON.parse(res.body);
  expect(Object.keys(body)).toEqual(['error']);
  expect([code].flat()).toContain(body.error.code);
  expect(typeof body.error.message).toBe('string');
  for (const key of Object.keys(body.error)) expect(['code', 'message', 'details']).toContain(key);
  return body.error as { code: string; message: string; details?: { fields?: Record<string, string> } };
}

/** Sends raw bytes on a socket and reads the answer: status and body. */
function rawRequest(text: string): Promise<{ statusCode: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(text));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const [head = '', ...rest] = answer.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      if (!status) reject(new Error(`no answer: ${answer}`));
      else resolve({ statusCode: status, body: rest.join('\r\n\r\n') });
    });
  });
}

describe('text the database cannot store', () => {
  it('refuses a NUL character in a query parameter of an anonymous call', async () => {
    const error = expectError(
      await t.request('GET', '/api/explore/project/list?q=%00'),
      400,
      'VALIDATION_FAILED',
    );
    expect(error.details?.fields).toHaveProperty('q');
  });

  it('refuses a NUL character in the name given at registration', async () => {
    const res = await t.request('POST', '/api/auth/register', {
      body: {
        email: 'nul@example.org',
        password: 'Long-enough-9',
        first_name: 'Ann\u0000',
        last_name: 'Lee',
      },
    });
    const error = expectError(res, 400, 'VALIDATION_FAILED');
    expect(error.details?.fields).toEqual({ first_name: expect.any(String) });
  });

  it('refuses a NUL character in a path parameter', async () => {
    const res = await t.request('GET', '/api/auth/activate/abcdefghijkl%00mnop');
    const error = expectError(res, 400, 'VALIDATION_FAILED');
    expect(error.details?.fields).toHaveProperty('code');
  });

  it('refuses a lone surrogate in text stored as JSON (the reason of a deposit)', async () => {
    const res = await t.request('POST', `/api/admin/user/${user.id}/deposit`, {
      token: admin.token,
      payload: '{"amount": 100, "kind": "money", "reason": "gift \\ud800 from abroad"}',
      headers: { 'content-type': 'application/json' },
    });
    const error = expectError(res, 400, 'VALIDATION_FAILED');
    expect(error.details?.fields).toEqual({ reason: expect.any(String) });
    const wallet = await t.request('GET', '/api/user/wallet', { token: user.token });
    expect(wallet.json().wallet_amount).toBe(0);
  });

  it('refuses a forged list cursor whose sort key holds a NUL', async () => {
    const cursor = Buffer.from('["\\u0000", 1]').toString('base64url');
    const error = expectError(
      await t.request('GET', `/api/charity/list?cursor=${cursor}`),
      400,
      'VALIDATION_FAILED',
    );
    expect(error.details?.fields).toHaveProperty('cursor');
  });

  it('still takes a proper pair of surrogates (an emoji)', async () => {
    const res = await t.request('PATCH', '/api/user/update', {
      token: user.token,
      payload: '{"first_name": "Zoe \\ud83c\\udf3b"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.first_name).toBe('Zoe 🌻');
  });
});

describe('uploads', () => {
  it('refuses a multipart body cut off in the middle of the file with 400', async () => {
    const upload = multipartFile(Buffer.alloc(50_000, 7), 'me.png', 'image/png');
    const res = await t.request('POST', `/api/user/avatar/${user.id}`, {
      token: user.token,
      payload: upload.payload.subarray(0, 2_000),
      headers: upload.headers,
    });
    const error = expectError(res, 400, 'VALIDATION_FAILED');
    expect(error.details?.fields).toHaveProperty('file');
  });

  it('refuses a cut-off multipart body with 400 on every upload route', async () => {
    const owner = await t.createUser();
    const { id: charityId } = await makeCharity(t, { name: 'Cut-off Trust', admin: owner, platform: admin });
    const projectId = await makeProject(t, owner, { title: 'Cut-off project', status: 'draft' });
    const routes = [
      `/api/user/avatar/${owner.id}`,
      `/api/charity/logo/${charityId}`,
      `/api/project/logo/${projectId}`,
      `/api/project/image/${projectId}`,
      `/api/project/${projectId}/impact/image`,
      `/api/project/document/${projectId}`,
    ];
    for (const url of routes) {
      const upload = multipartFile(Buffer.alloc(50_000, 7), 'cut.png', 'image/png');
      const res = await t.request('POST', url, {
        token: owner.token,
        payload: upload.payload.subarray(0, 1_500),
        headers: upload.headers,
      });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(expectError(res, 400, 'VALIDATION_FAILED').details?.fields).toHaveProperty('file');
    }
  });

  it('refuses an image that is small on disk but declares 16000x16000 pixels, quickly', async () => {
    const started = performance.now();
    const res = await t.request('POST', `/api/user/avatar/${user.id}`, {
      token: user.token,
      ...multipartFile(hugePng(16_000, 16_000), 'huge.png', 'image/png'),
    });
    const error = expectError(res, 413, 'IMAGE_TOO_LARGE');
    expect(error.message).toContain('16000x16000');
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('addresses and requests Fastify and Node refuse', () => {
  it('answers a broken percent-encoding in the path in the error format', async () => {
    expectError(await t.request('GET', '/api/user/%E0%A4%A'), 400, 'BAD_URL');
    expectError(await rawRequest('GET /api/charity/%zz HTTP/1.1\r\nHost: x\r\n\r\n'), 400, 'BAD_URL');
  });

  it('takes an email of over 100 characters in the path (a password reset)', async () => {
    const res = await t.request('POST', `/api/user/passwordreset/${'a'.repeat(120)}@example.org`);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('answers a path parameter past the limit with 414 in the error format', async () => {
    expectError(await t.request('GET', `/api/charity/${'1'.repeat(5_000)}`), 414, 'URI_TOO_LONG');
  });

  it('answers a 100k-character query with 431 in the error format', async () => {
    const res = await rawRequest(
      `GET /api/explore/project/list?q=${'x'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    expectError(res, 431, 'HEADERS_TOO_LARGE');
  });

  it('answers a body longer than its Content-Length in the error format', async () => {
    const body = '{"email":"a@example.org","password":"Long-enough-9"}';
    const res = await rawRequest(
      `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5\r\n\r\n${body}`,
    );
    // The first five bytes are not JSON and the rest is not a request: whichever is answered first.
    expectError(res, 400, ['INVALID_JSON', 'BAD_REQUEST']);
    const injected = await t.request('POST', '/api/auth/login', {
      payload: body,
      headers: { 'content-type': 'application/json', 'content-length': '10' },
    });
    expectError(injected, 400, 'INVALID_CONTENT_LENGTH');
  });

  it('answers a request line Node cannot parse in the error format', async () => {
    expectError(await rawRequest('GET /api/health HTTP/9.9 nonsense\r\n\r\n'), 400, 'BAD_REQUEST');
  });
});

/** A valid grey PNG of the given size: one bit per pixel of zeros compresses to almost nothing. */
function hugePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((Math.ceil(width / 8) + 1) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
