import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { loadConfig } from '#backend/config.ts';
import { startServer, type Client, type TestServer } from '../../support/server.ts';
import { allEvents, expectError, type Answer } from '../helpers.ts';
import { CALLS, Fixtures, callName, fill, png, upload, type Actor, type ApiCall, type BodySchema } from './calls.ts';

/**
 * Bad input for every call of the matrix table (product brief §5–6): each is refused with a 4xx naming what was
 * wrong, never a 5xx, and appends nothing to the event log. Each call is sent as an actor it allows, so these
 * tests reach validation rather than stopping at the session check. The fields, their types and their bounds
 * come from the call's shared zod schema and the table's `bounded` (domain/limits.ts); the two must agree.
 */

let server: TestServer;
let fx: Fixtures;

beforeAll(async () => {
  server = await startServer();
  fx = await Fixtures.create(server);
});

afterAll(async () => {
  await server.close();
});

/** JSON_LIMIT's default ('100kb', the koa-body unit: 1024 bytes a kb); the test server keeps it. */
const JSON_LIMIT_BYTES = 100 * 1024;
/** A name no schema has. */
const UNKNOWN = 'unexpectedField';
/** Who is allowed, in the order bad input is sent: the least privileged first. */
const SENDERS: readonly Actor[] = ['anonymous', 'customerA', 'admin', 'customerB'];

// ---- what a schema says about its fields ----

type Kind = 'string' | 'enum' | 'boolean' | 'number' | 'array' | 'other';
type Field = { name: string; kind: Kind; required: boolean; maxLength: number | undefined };
type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; out?: z.ZodType };

/** Looks through optional, nullable, default and transform wrappers to the type a client must send. */
function wireType(schema: z.ZodType): z.ZodType {
  const def = schema._zod.def as unknown as Def;
  if (def.innerType && ['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly'].includes(def.type)) return wireType(def.innerType);
  // A pipe's input is what arrives, unless it is a preprocess step (then its output is checked).
  if (def.type === 'pipe' && def.in && def.out) return wireType((def.in._zod.def as unknown as Def).type === 'transform' ? def.out : def.in);
  return schema;
}

function fieldsOf(schema: BodySchema): Field[] {
  return Object.entries(schema.shape).map(([name, field]) => {
    const wire = wireType(field);
    const type = (wire._zod.def as unknown as Def).type;
    const kind: Kind = (['string', 'enum', 'boolean', 'number', 'array'] as const).find((k) => k === type) ?? 'other';
    const maxLength = kind === 'string' ? ((wire as z.ZodString).maxLength ?? undefined) : undefined;
    return { name, kind, required: !field.isOptional(), maxLength };
  });
}

/** A value of the wrong JSON type for a field. */
const WRONG: Record<Kind, { value: unknown; label: string }> = {
  string: { value: 12345, label: 'a number' },
  enum: { value: 12345, label: 'a number' },
  boolean: { value: 'yes', label: 'a string' },
  number: { value: 'one', label: 'a string' },
  array: { value: 12345, label: 'a number' },
  other: { value: Symbol('unsupported'), label: '?' },
};

// ---- the calls, once each, as a sender each allows ----

type Target = { call: ApiCall; actor: Actor };

function firstRowPerCall(filter: (call: ApiCall) => boolean): Target[] {
  const seen = new Set<string>();
  const targets: Target[] = [];
  for (const call of CALLS.filter(filter)) {
    const key = `${call.method} ${call.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const actor = SENDERS.find((a) => call.access[a] === 'allow');
    if (!actor) throw new Error(`${callName(call)} allows nobody`);
    targets.push({ call, actor });
  }
  return targets;
}

const JSON_CALLS = firstRowPerCall((c) => c.schema !== undefined);
/** State-changing calls that take no JSON body (their answer does not read one) and the multipart upload. */
const OTHER_WRITES = firstRowPerCall((c) => c.schema === undefined && !c.devOnly && c.method !== 'GET');

type Sent = { client: Client; cookie: string | null; path: string; base: Record<string, unknown> };

/** A valid request of the call for the actor, made once; the tests then spoil its body. */
async function prepare({ call, actor }: Target): Promise<Sent> {
  const prepared = await call.request(fx, actor);
  const { client, cookie } = call.ownSession ? await fx.signedIn(actor) : { client: fx.client(actor), cookie: fx.cookie(actor) };
  return { client, cookie, path: fill(call.path, prepared.params), base: { ...(prepared.json as Record<string, unknown> | undefined) } };
}

type RawBody = { json?: unknown; body?: string; headers?: Record<string, string> };

/**
 * Sends the bad request and checks the refusal: status, error shape and code, no 5xx, nothing appended.
 * `asItIs` sends the call's own valid request (multipart for the upload) with the extra headers only.
 */
async function refused(call: ApiCall, sent: Sent, request: RawBody | { asItIs: Record<string, string> }, status: number, code: string): Promise<Answer> {
  const before = allEvents(server).length;
  const res =
    'asItIs' in request
      ? call.body === 'multipart'
        ? await upload(server.url, sent.cookie, [png()], request.asItIs)
        : await sent.client.request(call.method, sent.path, { json: sent.base, headers: request.asItIs })
      : await sent.client.request(call.method, sent.path, request);
  expect(res.status).toBeLessThan(500);
  expectError(res, status, code);
  expect(allEvents(server).length).toBe(before);
  return res;
}

const asJson = { 'content-type': 'application/json' };

/** The refusals every state-changing call gives before its route reads the body (body parser, same-origin check). */
function writeRefusals(call: ApiCall, sent: () => Sent): void {
  it('answers 400 invalid_json to malformed JSON', async () => {
    await refused(call, sent(), { body: '{"firstName": "Jo', headers: asJson }, 400, 'invalid_json');
  });

  it('answers 400 invalid_json to a bare JSON value (null)', async () => {
    await refused(call, sent(), { body: 'null', headers: asJson }, 400, 'invalid_json');
  });

  it('answers 415 to a text/plain body', async () => {
    await refused(call, sent(), { body: JSON.stringify(sent().base), headers: { 'content-type': 'text/plain' } }, 415, 'unsupported_media_type');
  });

  it('answers 413 to a body over the JSON limit (100 kB)', async () => {
    const body = JSON.stringify({ ...sent().base, [UNKNOWN]: 'x'.repeat(JSON_LIMIT_BYTES) });

    expect(Buffer.byteLength(body)).toBeGreaterThan(JSON_LIMIT_BYTES);
    await refused(call, sent(), { body, headers: asJson }, 413, 'body_too_large');
  });

  it('answers 403 to an otherwise valid request from another site (Origin)', async () => {
    await refused(call, sent(), { asItIs: { origin: 'https://evil.example' } }, 403, 'forbidden');
  });

  it('answers 403 to an otherwise valid request from another site (Sec-Fetch-Site, no Origin)', async () => {
    await refused(call, sent(), { asItIs: { 'sec-fetch-site': 'cross-site' } }, 403, 'forbidden');
  });

  // BUG: a body that claims `Content-Encoding: gzip` (or deflate, br) but is not compressed answers 500.
  // co-body inflates it through `inflation`; zlib fails with a plain Error (code Z_DATA_ERROR, no `status`),
  // which toHttpError (backend/http/errors.ts, the final `return new HttpError(500, …)`) turns into a 500 and
  // logs as a server failure. Fix: in jsonBody (backend/http/body.ts) refuse any Content-Encoding other than
  // identity with 415 before parsing (our clients never compress request bodies), or map zlib errors
  // (`code` Z_* / ERR__ERROR_FORMAT_*) to 400 in toHttpError. Remove `.fails` once fixed.
  it('answers 400 or 415, not 500, to a body that says Content-Encoding: gzip but is not compressed', async () => {
    const before = allEvents(server).length;

    const res = await sent().client.request(call.method, sent().path, { body: JSON.stringify(sent().base), headers: { ...asJson, 'content-encoding': 'gzip' } });

    expect([400, 415]).toContain(res.status);
    expectError(res, res.status, res.data.error.code as string);
    expect(allEvents(server).length).toBe(before);
  });
}

it('the JSON limit these tests assume is the configured default', () => {
  expect(loadConfig({ NODE_ENV: 'test', STORAGE_DIR: '/tmp/unused' }).jsonLimit).toBe('100kb');
});

describe.each(JSON_CALLS.map((t) => [`${t.call.method} ${t.call.path}`, t] as const))('%s with a bad JSON body', (_name, target) => {
  const { call, actor } = target;
  const schema = call.schema!;
  const fields = fieldsOf(schema);
  const bounded = call.bounded ?? {};
  let sent: Sent;

  beforeAll(async () => {
    sent = await prepare(target);
  });

  it(`is sent as ${actor}, whom the call allows`, () => {
    expect(call.access[actor]).toBe('allow');
  });

  it("has its bounds in the table, equal to the schema's", () => {
    for (const f of fields) {
      expect(f.kind, f.name).not.toBe('other');
      if (f.maxLength !== undefined) expect({ field: f.name, bound: bounded[f.name] }).toEqual({ field: f.name, bound: f.maxLength });
      // Every free text has a bound; a date, time or choice is bounded by its format.
      if (f.kind === 'string') expect(bounded[f.name], `${f.name} has no bound in calls.ts`).toBeTypeOf('number');
    }
    for (const name of Object.keys(bounded)) expect(['string', 'enum'], `${name} is not a text field of the schema`).toContain(fields.find((f) => f.name === name)?.kind);
  });

  writeRefusals(call, () => sent);

  it('answers 400 to a JSON array', async () => {
    const res = await refused(call, sent, { json: [sent.base] }, 400, 'validation_failed');

    expect(res.data.error.fields).toEqual({ _: 'Expected a JSON object' });
  });

  it(`answers 400 naming ${UNKNOWN} 'Unknown field'`, async () => {
    const res = await refused(call, sent, { json: { ...sent.base, [UNKNOWN]: 'surprise' } }, 400, 'validation_failed');

    expect(res.data.error.fields).toEqual({ [UNKNOWN]: 'Unknown field' });
  });

  // A name Object.prototype has ('constructor', 'toString', …) once answered `fields: {}`: fieldErrors collected into a
  // plain `{}`, where `fields.constructor ??= …` stored nothing. It collects into an object with no prototype now.
  it("answers 400 naming constructor 'Unknown field' (a name Object.prototype also has)", async () => {
    const res = await refused(call, sent, { json: { ...sent.base, constructor: 'surprise' } }, 400, 'validation_failed');

    expect(res.data.error.fields).toEqual({ constructor: 'Unknown field' });
  });

  it.each(fields.map((f) => [f.name, WRONG[f.kind].label, f] as const))('answers 400 naming %s when it is %s', async (name, _label, f) => {
    const res = await refused(call, sent, { json: { ...sent.base, [name]: WRONG[f.kind].value } }, 400, 'validation_failed');

    expect(res.data.error.fields).toEqual({ [name]: expect.any(String) });
  });

  const required = fields.filter((f) => f.required);
  it.skipIf(required.length === 0).each(required.map((f) => f.name))('answers 400 naming %s when it is missing', async (name) => {
    const { [name]: _dropped, ...rest } = sent.base;
    const res = await refused(call, sent, { json: rest }, 400, 'validation_failed');

    expect(res.data.error.fields).toEqual({ [name]: expect.any(String) });
  });

  it.each(Object.entries(bounded).map(([name, max]) => [name, max + 1, max] as const))('answers 400 naming %s when it is %i characters', async (name, length, max) => {
    const res = await refused(call, sent, { json: { ...sent.base, [name]: 'x'.repeat(length) } }, 400, 'validation_failed');

    // Not only this field: a start date that is there but unreadable also asks for its finish date.
    expect(res.data.error.fields).toEqual(expect.objectContaining({ [name]: expect.any(String) }));
    if (fields.find((f) => f.name === name)?.maxLength !== undefined) expect(res.data.error.fields[name]).toContain(String(max));
  });
});

describe.each(OTHER_WRITES.map((t) => [`${t.call.method} ${t.call.path}`, t] as const))('%s with a body it does not take', (_name, target) => {
  let sent: Sent;

  beforeAll(async () => {
    sent = await prepare(target);
  });

  writeRefusals(target.call, () => sent);
});
