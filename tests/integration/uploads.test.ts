import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '#domain/limits.ts';
import { Client, startServer, type TestServer } from '../support/server.ts';
import { allEvents, bookingForm, expectError, sessionCookie, type Answer } from './helpers.ts';

let server: TestServer;
let admin: Client;
let adminCookie: string;
let casey: Client;
let caseyCookie: string;
let caseyId: string;
let robin: Client;
let robinCookie: string;
const CASEY = 'casey.uploads@example.com';
const ROBIN = 'robin.uploads@example.com';

beforeAll(async () => {
  server = await startServer();
  admin = new Client(server.url);
  const login = await admin.loginAdmin();
  expect(login.status).toBe(200);
  adminCookie = sessionCookie(login);
  casey = new Client(server.url);
  const reg = await casey.register(CASEY);
  expect(reg.status).toBe(201);
  caseyCookie = sessionCookie(reg);
  caseyId = reg.data.id as string;
  robin = new Client(server.url);
  const reg2 = await robin.register(ROBIN);
  expect(reg2.status).toBe(201);
  robinCookie = sessionCookie(reg2);
  await server.verifyEmail(CASEY);
  await server.verifyEmail(ROBIN);
});

afterAll(async () => {
  await server.close();
});

// ---- tiny real files, built from their formats' magic numbers ----

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A valid 1×1 grey PNG. */
function png(): Buffer {
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]);
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateSync(Buffer.from([0, 0x80]))), pngChunk('IEND', Buffer.alloc(0))]);
}
const jpeg = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1'), Buffer.from([0xff, 0xd9])]);
function webp(): Buffer {
  const vp8l = Buffer.from([0x2f, 0x00, 0x00, 0x00, 0x00, 0x00]);
  const chunk = Buffer.concat([Buffer.from('VP8L'), Buffer.from([vp8l.length, 0, 0, 0]), vp8l]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(4 + chunk.length, 0);
  return Buffer.concat([Buffer.from('RIFF'), size, Buffer.from('WEBP'), chunk]);
}
const heic = () => Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(16)]);
const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const doc = () => Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
/** A stored (uncompressed) ZIP: local headers, central directory, end record. */
function zip(entries: Array<[name: string, text: string]>): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const data = Buffer.from(text);
    const file = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(file.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(file.length, 28);
    entry.writeUInt32LE(offset, 42);
    parts.push(local, file, data);
    central.push(entry, file);
    offset += 30 + file.length + data.length;
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
const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const docx = () =>
  zip([
    ['[Content_Types].xml', `<?xml version="1.0"?><Types><Override PartName="/word/document.xml" ContentType="${DOCX_MIME}.main+xml"/></Types>`],
    ['word/document.xml', '<w:document/>'],
  ]);

// ---- HTTP helpers ----

type Upload = { name: string; bytes: Buffer; type?: string };

/** POSTs files as multipart/form-data (the browser's FormData), with a session cookie or none. */
async function upload(cookie: string | null, files: Upload[], options: { field?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const form = new FormData();
  for (const f of files) form.append(options.field ?? 'files', new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'application/octet-stream' }), f.name);
  const headers: Record<string, string> = { ...options.headers };
  if (cookie) headers['cookie'] = cookie;
  const res = await fetch(`${server.url}/api/upload`, { method: 'POST', body: form, headers });
  const text = await res.text();
  let data: unknown = text;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: res.status, headers: res.headers, data, text };
}

/** GETs a file with fetch (the body kept as bytes). */
async function download(cookie: string | null, filename: string) {
  const res = await fetch(`${server.url}/uploads/${filename}`, { headers: cookie ? { cookie } : {} });
  const bytes = Buffer.from(await res.arrayBuffer());
  let data: any = null;
  try {
    data = JSON.parse(bytes.toString('utf8'));
  } catch {
    // a file
  }
  return { status: res.status, headers: res.headers, bytes, data, text: bytes.toString('latin1') };
}

/** GETs a path exactly as written (fetch would resolve `../` and `%2e%2e` before sending). */
function rawGet(path: string, cookie: string): Promise<{ status: number; body: Buffer }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'GET', headers: { cookie } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const BOUNDARY = 'sparkright-test-boundary';
const target = (path: string) => ({ host: '127.0.0.1', port: new URL(server.url).port, path });
const multipartHeaders = (extra: Record<string, string>) => ({ cookie: caseyCookie, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...extra });

/** POSTs a hand-written multipart body as Casey (for what FormData cannot send); the writer may stop early. */
function rawPost(headers: Record<string, string>, write: (req: ClientRequest) => void): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ ...target('/api/upload'), method: 'POST', headers: multipartHeaders(headers) }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.on('error', reject);
    write(req);
  });
}

const uploadsDir = () => join(server.storageDir, 'uploads');
const tempDir = () => join(server.storageDir, 'upload-tmp');
const listing = (dir: string) => (existsSync(dir) ? readdirSync(dir).sort() : []);
function diskAndLog() {
  return { uploads: listing(uploadsDir()), temp: listing(tempDir()), events: allEvents(server).length };
}
const STORED = /^[0-9a-f]{32}\.(jpg|png|webp|heic|pdf|doc|docx)$/;

async function uploadOne(cookie: string, file: Upload): Promise<string> {
  const res = await upload(cookie, [file]);
  expect(res.status).toBe(201);
  return res.data[0].filename as string;
}

describe('POST /api/upload', () => {
  const cases: Array<{ kind: string; file: () => Buffer; ext: string; mime: string }> = [
    { kind: 'JPEG', file: jpeg, ext: 'jpg', mime: 'image/jpeg' },
    { kind: 'PNG', file: png, ext: 'png', mime: 'image/png' },
    { kind: 'WebP', file: webp, ext: 'webp', mime: 'image/webp' },
    { kind: 'HEIC', file: heic, ext: 'heic', mime: 'image/heic' },
    { kind: 'PDF', file: pdf, ext: 'pdf', mime: 'application/pdf' },
    { kind: 'DOC', file: doc, ext: 'doc', mime: 'application/msword' },
    { kind: 'DOCX', file: docx, ext: 'docx', mime: DOCX_MIME },
  ];
  for (const { kind, file, ext, mime } of cases) {
    it(`answers 201 for a ${kind}, keeps it under a random .${ext} name and appends FileUploaded`, async () => {
      const before = diskAndLog();
      const bytes = file();
      // The client's type and name say nothing: the content decides.
      const res = await upload(caseyCookie, [{ name: `site photo.${kind === 'JPEG' ? 'bin' : ext}`, bytes, type: 'text/plain' }]);

      expect(res.status).toBe(201);
      expect(res.data).toEqual([{ filename: expect.stringMatching(STORED), originalname: `site photo.${kind === 'JPEG' ? 'bin' : ext}`, size: bytes.length }]);
      const { filename } = res.data[0];
      expect(filename.endsWith(`.${ext}`)).toBe(true);
      expect(readFileSync(join(uploadsDir(), filename)).equals(bytes)).toBe(true);
      const appended = allEvents(server).slice(before.events);
      expect(appended.map((e) => [e.type, e.streamId])).toEqual([['FileUploaded', `upload-${filename}`]]);
      expect(appended[0]!.data).toEqual({ filename, originalname: res.data[0].originalname, size: bytes.length, mimeType: mime, uploaderId: caseyId });
      expect(appended[0]!.metadata).toMatchObject({ actor: caseyId, role: 'customer' });
      expect(server.storage.queries.upload(filename)).toMatchObject({ id: filename, size: bytes.length, mimeType: mime, uploaderId: caseyId });
      expect(listing(tempDir())).toEqual([]);
    });
  }

  it('answers 201 for several files in one request (the admin may upload too), one event each', async () => {
    const before = allEvents(server).length;
    const res = await upload(adminCookie, [
      { name: 'a.png', bytes: png() },
      { name: 'b.pdf', bytes: pdf() },
    ]);
    expect(res.status).toBe(201);
    expect(res.data.map((f: { originalname: string }) => f.originalname)).toEqual(['a.png', 'b.pdf']);
    expect(allEvents(server).slice(before).map((e) => e.type)).toEqual(['FileUploaded', 'FileUploaded']);
    expect(allEvents(server).at(-1)!.metadata.role).toBe('admin');
  });

  it('keeps only the base name of the original name, without control characters, at most 255 characters', async () => {
    const res = await upload(caseyCookie, [
      { name: '..\\..\\windows\\evil\u202Egpj.exe.png', bytes: png() },
      { name: `${'x'.repeat(300)}.png`, bytes: png() },
      { name: 'Zählerschrank ⚡ plan.pdf', bytes: pdf() },
    ]);
    expect(res.status).toBe(201);
    expect(res.data.map((f: { originalname: string }) => f.originalname)).toEqual(['evilgpj.exe.png', 'x'.repeat(255), 'Zählerschrank ⚡ plan.pdf']);
  });

  it('answers 201 for a file of exactly 10 MB', async () => {
    const bytes = Buffer.concat([png(), Buffer.alloc(MAX_UPLOAD_BYTES - png().length)]);
    const res = await upload(caseyCookie, [{ name: 'big.png', bytes }]);
    expect(res.status).toBe(201);
    expect(res.data[0].size).toBe(MAX_UPLOAD_BYTES);
  });

  it('answers 413 for a file of 10 MB + 1 byte, and leaves nothing in the uploads or temporary folder', async () => {
    const before = diskAndLog();
    const bytes = Buffer.concat([png(), Buffer.alloc(MAX_UPLOAD_BYTES + 1 - png().length)]);
    const res = await upload(caseyCookie, [
      { name: 'fine.png', bytes: png() },
      { name: 'huge.png', bytes },
    ]);
    expectError(res, 413, 'file_too_large');
    expect(res.data.error.message).toContain('huge.png');
    expect(diskAndLog()).toEqual(before);
  });

  it('answers 413 for 11 files (too many is too large a request) and keeps none of them', async () => {
    const before = diskAndLog();
    const res = await upload(
      caseyCookie,
      Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.png`, bytes: png() })),
    );
    expectError(res, 413, 'too_many_files');
    expect(diskAndLog()).toEqual(before);
  });

  it('answers 413 at once to a request announcing more than 10 files of 10 MB, without reading it', async () => {
    const before = diskAndLog();
    const res = await rawPost({ 'content-length': String(200 * 1024 * 1024) }, (req) => {
      req.write(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`);
      req.write(png());
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).error.code).toBe('body_too_large');
    expect(diskAndLog()).toEqual(before);
  });

  it('answers 413 at the 11th file part of a stream that never ends (empty parts, no length), without waiting for its end', async () => {
    const before = diskAndLog();
    // Formidable kept an object for every part it read, dropped or not: 100,000 empty parts in 9 MB held 173 MB.
    const part = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="a"\r\nContent-Type: x/y\r\n\r\n\r\n`;
    const res = await rawPost({ 'transfer-encoding': 'chunked' }, (req) => {
      req.write(part.repeat(50));
      // Never ended: the answer must come while the client is still sending.
      const more = setInterval(() => req.write(part.repeat(50)), 20);
      req.on('close', () => clearInterval(more));
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).error.code).toBe('too_many_files');
    expect(diskAndLog()).toEqual(before);
  });

  it('deletes the temporary file when the client gives up halfway', async () => {
    const before = diskAndLog();
    const req = httpRequest({ ...target('/api/upload'), method: 'POST', headers: multipartHeaders({ 'transfer-encoding': 'chunked' }) });
    req.on('error', () => {});
    req.write(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`);
    req.write(Buffer.concat([png(), Buffer.alloc(1024 * 1024)]));
    await expect.poll(() => listing(tempDir()).length, { timeout: 2000 }).toBe(1);
    req.destroy();
    await expect.poll(() => diskAndLog(), { timeout: 2000 }).toEqual(before);
  });

  it('answers 201 for 10 files, listed in the order they were sent', async () => {
    const names = Array.from({ length: 10 }, (_, i) => `p${i}.${i % 2 ? 'pdf' : 'png'}`);
    // Larger files first, so the order of finished writes differs from the order sent.
    const res = await upload(
      caseyCookie,
      names.map((name, i) => ({ name, bytes: i % 2 ? pdf() : Buffer.concat([png(), Buffer.alloc((10 - i) * 64 * 1024)]) })),
    );
    expect(res.status).toBe(201);
    expect(res.data.map((f: { originalname: string }) => f.originalname)).toEqual(names);
  });

  const refused: Array<[string, Upload]> = [
    ['an HTML page', { name: 'page.html', bytes: Buffer.from('<!doctype html><html><script>alert(1)</script></html>'), type: 'text/html' }],
    ['an SVG with a script', { name: 'logo.svg', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), type: 'image/svg+xml' }],
    ['an executable (MZ)', { name: 'setup.exe', bytes: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(126), Buffer.from('PE\0\0'), Buffer.alloc(64)]) }],
    ['a text file named .jpg', { name: 'photo.jpg', bytes: Buffer.from('just some text, not a photo'), type: 'image/jpeg' }],
    ['a ZIP that is not a Word file', { name: 'report.docx', bytes: zip([['readme.txt', 'hello']]) }],
  ];
  for (const [what, file] of refused) {
    it(`answers 415 for ${what}, keeps nothing and records nothing`, async () => {
      const before = diskAndLog();
      const res = await upload(caseyCookie, [file]);
      expectError(res, 415, 'unsupported_file_type');
      expect(diskAndLog()).toEqual(before);
    });
  }

  it('answers 415 for the whole request when one of its files is refused, and keeps the others neither', async () => {
    const before = diskAndLog();
    const res = await upload(caseyCookie, [refused[0]![1], { name: 'ok.png', bytes: png() }]);
    expectError(res, 415, 'unsupported_file_type');
    expect(diskAndLog()).toEqual(before);
  });

  it('answers 401 to an anonymous upload and keeps nothing', async () => {
    const before = diskAndLog();
    const res = await upload(null, [{ name: 'a.png', bytes: png() }]);
    expectError(res, 401, 'not_signed_in');
    expect(diskAndLog()).toEqual(before);
  });

  it('answers 415 to a JSON body and 400 to a form without files or with files in another field', async () => {
    const json = await casey.post('/api/upload', { files: [] });
    expectError(json, 415, 'unsupported_media_type');
    const none = await upload(caseyCookie, []);
    expectError(none, 400, 'validation_failed');
    const before = diskAndLog();
    const other = await upload(caseyCookie, [{ name: 'a.png', bytes: png() }], { field: 'file' });
    expectError(other, 400, 'validation_failed');
    expect(other.data.error.fields).toEqual({ file: 'Send files in the field "files"' });
    expect(diskAndLog()).toEqual(before);
  });

  it('answers a repeated Idempotency-Key with the first answer, keeping one copy; another request under it gets 422', async () => {
    const key = randomUUID();
    const before = diskAndLog();
    const first = await upload(caseyCookie, [{ name: 'once.png', bytes: png() }], { headers: { 'idempotency-key': key } });
    const again = await upload(caseyCookie, [{ name: 'once.png', bytes: png() }], { headers: { 'idempotency-key': key } });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.data).toEqual(first.data);
    const after = diskAndLog();
    expect(after.events - before.events).toBe(1);
    expect(after.uploads.length - before.uploads.length).toBe(1);

    const other = await upload(caseyCookie, [{ name: 'other.pdf', bytes: pdf() }], { headers: { 'idempotency-key': key } });
    expectError(other, 422, 'idempotency_key_reused');
    expect(diskAndLog()).toEqual(after);
  });
});

describe('GET /uploads/{filename}', () => {
  let caseysPhoto: string;
  let caseysPdf: string;
  beforeAll(async () => {
    caseysPhoto = await uploadOne(caseyCookie, { name: 'Küche "neu".png', bytes: png() });
    caseysPdf = await uploadOne(caseyCookie, { name: 'Zählerschrank ⚡ plan.pdf', bytes: pdf() });
  });

  it('answers 200 to the uploader with the file and safe headers; images are inline', async () => {
    const res = await download(caseyCookie, caseysPhoto);
    expect(res.status).toBe(200);
    expect(res.bytes.equals(png())).toBe(true);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-length')).toBe(String(png().length));
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="Kuche _neu_.png"; filename*=UTF-8''K%C3%BCche%20%22neu%22.png`);
  });

  it('serves documents as attachments with an ASCII and a UTF-8 name', async () => {
    const res = await download(caseyCookie, caseysPdf);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Zahlerschrank _ plan.pdf"; filename*=UTF-8''Z%C3%A4hlerschrank%20%E2%9A%A1%20plan.pdf`,
    );
  });

  it('serves a PNG followed by HTML as a PNG (nosniff, sandboxed), under a name ending in .png', async () => {
    const bytes = Buffer.concat([png(), Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
    const filename = await uploadOne(caseyCookie, { name: 'invoice.html', bytes, type: 'text/html' });
    expect(filename).toMatch(/\.png$/);
    const res = await download(caseyCookie, filename);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="invoice.html.png"; filename*=UTF-8''invoice.html.png`);
  });

  it('answers 403 to another customer, 200 to the admin and 401 to an anonymous visitor', async () => {
    expectError(await download(robinCookie, caseysPhoto), 403, 'forbidden');
    expect((await download(adminCookie, caseysPhoto)).status).toBe(200);
    expectError(await download(null, caseysPhoto), 401, 'not_signed_in');
  });

  it("answers 200 to the customer whose booking lists a file the admin uploaded, and 403 to others", async () => {
    const up = await upload(adminCookie, [{ name: 'quote.pdf', bytes: pdf() }]);
    expect(up.status).toBe(201);
    const filename = up.data[0].filename as string;
    expectError(await download(robinCookie, filename), 403, 'forbidden');

    const booking = await admin.post('/api/bookings', bookingForm(ROBIN, { isManualBooking: true, attachments: up.data }));
    expect(booking.status).toBe(201);

    const res = await download(robinCookie, filename);
    expect(res.status).toBe(200);
    expect(res.bytes.equals(pdf())).toBe(true);
    expectError(await download(caseyCookie, filename), 403, 'forbidden');
  });

  it('answers 404 for a well-formed name nobody uploaded', async () => {
    expectError(await download(adminCookie, `${'0'.repeat(32)}.png`), 404, 'not_found');
    expectError(await download(adminCookie, 'app.db'), 404, 'not_found');
  });

  it('answers 404 to path tricks and never serves a file outside the uploads folder', async () => {
    const tricks = [
      '/uploads/../app.db',
      '/uploads/..%2fapp.db',
      '/uploads/%2e%2e%2fapp.db',
      '/uploads/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd',
      '/uploads/.%2e/app.db',
      '/uploads/%252e%252e%252fapp.db',
      '/uploads/..%5capp.db',
      '/uploads/..\\app.db',
      '/uploads/%2fetc%2fpasswd',
      '/uploads/..%2fupload-tmp',
      `/uploads/${caseysPhoto}%00`,
      `/uploads/${caseysPhoto}%00.txt`,
      `/uploads/%00${caseysPhoto}`,
      `/uploads/${'a'.repeat(5000)}.png`,
      `/uploads/${caseysPhoto}/..`,
      '/uploads/',
      '/uploads/.',
      '/uploads/..',
    ];
    for (const path of tricks) {
      const res = await rawGet(path, adminCookie);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(res.body.includes('SQLite format 3')).toBe(false);
      expect(res.body.includes(png())).toBe(false);
    }
  });

  it('answers 404 rather than follow a symbolic link planted in the uploads folder', async () => {
    const filename = await uploadOne(caseyCookie, { name: 'to-replace.png', bytes: png() });
    const path = join(uploadsDir(), filename);
    rmSync(path);
    symlinkSync(join(server.storageDir, 'app.db'), path);
    const res = await download(adminCookie, filename);
    expectError(res, 404, 'not_found');
    expect(res.text.includes('SQLite format 3')).toBe(false);
  });
});
