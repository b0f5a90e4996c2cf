import fc from 'fast-check';

/** One malformed request body: its bytes, its Content-Type and what is wrong with it. */
export interface BadBody {
  what: string;
  contentType: string;
  payload: string | Buffer;
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Path = Array<string | number>;

export const ONE_MB = 1024 * 1024;
const MEGABYTE = 'x'.repeat(ONE_MB);
const JSON_TYPE = 'application/json';

/** Paths of the leaves (strings, numbers, booleans, null) of a JSON value. */
function leaves(v: Json, at: Path = []): Array<{ path: Path; value: Json }> {
  if (Array.isArray(v)) return v.flatMap((x, i) => leaves(x, [...at, i]));
  if (v !== null && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => leaves(x, [...at, k]));
  return at.length ? [{ path: at, value: v }] : [];
}

function setAt(v: Json, path: Path, value: Json): Json {
  const copy = structuredClone(v) as Json;
  let node = copy as Record<string | number, Json>;
  for (const k of path.slice(0, -1)) node = node[k] as Record<string | number, Json>;
  node[path[path.length - 1]!] = value;
  return copy;
}

const nested = (depth: number): Json => (depth === 0 ? 'deep' : depth % 2 ? [nested(depth - 1)] : { d: nested(depth - 1) });

/** Values of another JSON type than `v` (never null: null is a valid "clear" for some optional fields). */
function otherTypes(v: Json): Json[] {
  const all: Json[] = [12345, -1, 0, true, false, 'text', '', [], [1, 'a'], {}, { a: 1 }];
  const kind = (x: Json) => (Array.isArray(x) ? 'array' : x === null ? 'null' : typeof x);
  return all.filter((x) => kind(x) !== kind(v));
}

/** Extra fields: random keys (never one of the body's own) with random JSON values. */
const extraFields = (own: string[]) =>
  fc.dictionary(
    fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !own.includes(k) && k !== '__proto__'),
    fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>,
    { minKeys: 1, maxKeys: 4 },
  );

const withExtras = (body: Json, extras: Record<string, Json>): Json =>
  body !== null && typeof body === 'object' && !Array.isArray(body) ? { ...extras, ...body } : body;

/**
 * Malformed bodies for a route whose valid body is `valid` (undefined: the route takes no body). Each one holds at
 * least one defect the route must refuse (a 4xx, nothing written): a missing or wrongly typed field, an out-of-range
 * number, a 1 MB string, a lone surrogate, NUL, nesting deeper than 64, an array for an object, a __proto__ or
 * constructor.prototype key, broken JSON or bytes that are not UTF-8, a wrong content type or charset; often with
 * extra fields besides.
 */
export function badBodies(valid: Json | undefined): fc.Arbitrary<BadBody> {
  const base: Json = valid === undefined ? { unexpected: 'field' } : valid;
  const own = base !== null && typeof base === 'object' && !Array.isArray(base) ? Object.keys(base) : [];
  const spots = leaves(base);
  const strings = spots.filter((s) => typeof s.value === 'string');
  const numbers = spots.filter((s) => typeof s.value === 'number');
  const json = (what: string, body: Json): BadBody => ({ what, contentType: JSON_TYPE, payload: JSON.stringify(body) });
  const maybeExtras = fc.option(extraFields(own), { nil: undefined });
  const text = JSON.stringify(base);

  const defects: Array<fc.Arbitrary<BadBody>> = [
    // Arrays, strings and numbers where an object is expected.
    fc.constantFrom<Json>([base], [], 'text', 42, true, [1, 2, 3]).map((b) => json('not an object', b)),
    // Nesting deeper than 64 levels, in a field of its own.
    fc.tuple(fc.integer({ min: 65, max: 400 }), maybeExtras).map(([d, ex]) => json(`nested ${d} deep`, withExtras({ ...(own.length ? (base as object) : {}), deep: nested(d) }, ex ?? {}))),
    // Prototype keys, written as raw JSON (an object literal would not keep them).
    fc.constantFrom('{"__proto__":{"isAdmin":true}', '{"constructor":{"prototype":{"isAdmin":true}}').map((head) => ({
      what: 'prototype key',
      contentType: JSON_TYPE,
      payload: `${head}${text.startsWith('{') && text.length > 2 ? ',' + text.slice(1) : '}'}`,
    })),
    // Broken JSON and bytes that are not UTF-8.
    fc.integer({ min: 1, max: Math.max(1, text.length - 1) }).map((n) => ({ what: 'broken JSON', contentType: JSON_TYPE, payload: text.slice(0, n) + '{' })),
    fc.constant<BadBody>({ what: 'not UTF-8', contentType: JSON_TYPE, payload: Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff, 0xfe, 0xed, 0xa0, 0x80]), Buffer.from('"}')]) }),
    // Another content type or charset for the same text.
    fc
      .constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', 'application/json; charset=utf-16')
      .map((contentType) => ({ what: `content type ${contentType}`, contentType, payload: text })),
    // A lone surrogate and NUL in an extra key's name.
    fc.constantFrom('\ud800', '\udfff').map((s) => json('lone surrogate in a key', withExtras(own.length ? base : { x: 1 }, { [`k${s}`]: 1 }))),
  ];
  if (valid !== undefined && own.length) {
    // Every field missing.
    defects.push(fc.option(extraFields(own), { nil: undefined }).map((ex) => json('no fields', ex ?? {})));
  }
  if (valid === undefined) {
    // A route that takes no body: any non-empty body at all.
    defects.push(extraFields([]).map((ex) => json('a body where none is taken', ex)));
  }
  if (spots.length) {
    const spot = fc.constantFrom(...spots);
    defects.push(
      spot.chain((s) => fc.tuple(fc.constantFrom(...otherTypes(s.value)), maybeExtras).map(([v, ex]) => json(`${s.path.join('.')} of the wrong type`, withExtras(setAt(base, s.path, v), ex ?? {})))),
    );
  }
  if (numbers.length) {
    defects.push(
      fc.tuple(fc.constantFrom(...numbers), fc.constantFrom(1e308, -1e308, 1e21, -1e12, 2.5, -0.5, 4294967296), maybeExtras).map(([s, n, ex]) =>
        json(`${s.path.join('.')} out of range (${n})`, withExtras(setAt(base, s.path, n), ex ?? {})),
      ),
    );
  }
  if (strings.length) {
    const spot = fc.constantFrom(...strings);
    defects.push(
      fc.tuple(spot, fc.constantFrom('\ud800', '\udc00x', 'a\ud83d'), maybeExtras).map(([s, lone, ex]) =>
        json(`${s.path.join('.')} with a lone surrogate`, withExtras(setAt(base, s.path, `${String(s.value)}${lone}`), ex ?? {})),
      ),
      fc.tuple(spot, fc.constantFrom('\u0000', 'a\u0000b', '\u0000\u0000'), maybeExtras).map(([s, nul, ex]) =>
        json(`${s.path.join('.')} with NUL`, withExtras(setAt(base, s.path, `${String(s.value)}${nul}`), ex ?? {})),
      ),
    );
  }
  // 1 MB strings cost the most to send: half the weight of the other defects (still about 5 of every 100 bodies).
  const big = strings.length
    ? [{ weight: 1, arbitrary: fc.tuple(fc.constantFrom(...strings), maybeExtras).map(([s, ex]) => json(`${s.path.join('.')} of 1 MB`, withExtras(setAt(base, s.path, MEGABYTE), ex ?? {}))) }]
    : [];
  return fc.oneof(...defects.map((arbitrary) => ({ weight: 2, arbitrary })), ...big);
}
