/**
 * The pure parts of Realtime: frames in both serializers (against realtime-js's own encoder and decoder) and
 * postgres_changes parameters as Realtime parses them.
 */
import { describe, expect, it } from 'vitest';
import { paramsToLog, parseSubscriptionParams } from '../src/realtime/filters.ts';
import {
  decode,
  encodeMessage,
  encodeReply,
  encodeUserBroadcast,
  ProtocolError,
  type UserBroadcast,
} from '../src/realtime/protocol.ts';

// realtime-js's serializer (shipped inside supabase-js) is the other end of the wire.
const { default: Serializer } = (await import('@supabase/realtime-js/dist/module/lib/serializer.js')) as {
  default: new () => {
    encode(msg: unknown, cb: (r: ArrayBuffer | string) => unknown): unknown;
    decode(raw: ArrayBuffer | string, cb: (r: unknown) => unknown): unknown;
  };
};
const client = new Serializer();
const clientEncode = (msg: unknown): ArrayBuffer | string =>
  client.encode(msg, (r) => r) as ArrayBuffer | string;
const clientDecode = (raw: ArrayBuffer | string): unknown => client.decode(raw, (r) => r);
const toBuffer = (raw: ArrayBuffer | string): [Buffer, boolean] =>
  typeof raw === 'string' ? [Buffer.from(raw), false] : [Buffer.from(new Uint8Array(raw)), true];

describe('serializer 2.0.0', () => {
  it('decodes what realtime-js sends: JSON arrays and binary user broadcasts (JSON and bytes)', () => {
    const join = {
      join_ref: '1',
      ref: '1',
      topic: 'realtime:room',
      event: 'phx_join',
      payload: { config: {} },
    };
    expect(decode(...toBuffer(clientEncode(join)), '2.0.0')).toEqual({
      joinRef: '1',
      ref: '1',
      topic: 'realtime:room',
      event: 'phx_join',
      payload: { config: {} },
    });

    const json = decode(
      ...toBuffer(
        clientEncode({
          join_ref: '1',
          ref: '2',
          topic: 'realtime:ré',
          event: 'broadcast',
          payload: { type: 'broadcast', event: 'été', payload: { a: 1 } },
        }),
      ),
      '2.0.0',
    );
    expect(json).toMatchObject({ joinRef: '1', ref: '2', topic: 'realtime:ré', event: 'broadcast' });
    const ub = json.payload as UserBroadcast;
    expect([ub.event, ub.encoding, JSON.parse(ub.data.toString())]).toEqual(['été', 'json', { a: 1 }]);

    const bytes = new Uint8Array([1, 2, 3]).buffer;
    const bin = decode(
      ...toBuffer(
        clientEncode({
          join_ref: '1',
          ref: null,
          topic: 't',
          event: 'broadcast',
          payload: { type: 'broadcast', event: 'b', payload: bytes },
        }),
      ),
      '2.0.0',
    );
    expect((bin.payload as UserBroadcast).encoding).toBe('binary');
    expect([...(bin.payload as UserBroadcast).data]).toEqual([1, 2, 3]);
    expect(bin.ref).toBeNull();
  });

  it('encodes what realtime-js decodes: replies, pushes and user broadcasts', () => {
    expect(
      clientDecode(encodeReply('2.0.0', '1', '2', 'realtime:r', 'ok', { postgres_changes: [] })),
    ).toEqual({
      join_ref: '1',
      ref: '2',
      topic: 'realtime:r',
      event: 'phx_reply',
      payload: { status: 'ok', response: { postgres_changes: [] } },
    });
    const frame = encodeUserBroadcast(
      '2.0.0',
      'realtime:r',
      { event: 'ev', encoding: 'json', data: Buffer.from('{"x":1}') },
      { id: 'abc' },
    ) as Buffer;
    const arrayBuffer = new Uint8Array(frame).buffer;
    expect(clientDecode(arrayBuffer)).toEqual({
      join_ref: null,
      ref: null,
      topic: 'realtime:r',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'ev', payload: { x: 1 }, meta: { id: 'abc' } },
    });
  });

  it('refuses malformed frames with a ProtocolError', () => {
    for (const [data, binary] of [
      [Buffer.from('{oops'), false],
      [Buffer.from('{"a":1}'), false],
      [Buffer.from('[1,2]'), false],
      [Buffer.from('[null,null,1,"e",{}]'), false],
      [Buffer.from([0, 1]), true],
      [Buffer.from([3, 5, 0, 0, 0, 0, 1, 65]), true],
      [Buffer.from([3, 0, 0, 1, 1, 0, 1, 65, 66, 123]), true],
    ] as const)
      expect(() => decode(data, binary, '2.0.0')).toThrow(ProtocolError);
    expect(() => decode(Buffer.from([4]), true, '1.0.0')).toThrow(ProtocolError);
  });
});

describe('serializer 1.0.0', () => {
  it('reads and writes JSON objects, without join_ref on the way out, and converts user broadcasts to JSON', () => {
    expect(
      decode(
        Buffer.from(JSON.stringify({ topic: 't', event: 'e', payload: {}, ref: '3', join_ref: '2' })),
        false,
        '1.0.0',
      ),
    ).toEqual({
      joinRef: '2',
      ref: '3',
      topic: 't',
      event: 'e',
      payload: {},
    });
    expect(JSON.parse(encodeMessage('1.0.0', '2', '3', 't', 'e', { a: 1 }))).toEqual({
      topic: 't',
      event: 'e',
      payload: { a: 1 },
      ref: '3',
    });
    expect(
      JSON.parse(
        encodeUserBroadcast('1.0.0', 't', {
          event: 'ev',
          encoding: 'json',
          data: Buffer.from('[1]'),
        }) as string,
      ),
    ).toEqual({
      topic: 't',
      event: 'broadcast',
      payload: { event: 'ev', payload: [1], type: 'broadcast' },
      ref: null,
    });
    expect(
      encodeUserBroadcast('1.0.0', 't', { event: 'ev', encoding: 'binary', data: Buffer.from([1]) }),
    ).toBeNull();
  });
});

describe('postgres_changes parameters', () => {
  it('parses filters as Realtime does: operators, not., in lists, quoted values, AND by commas', () => {
    expect(
      parseSubscriptionParams({
        event: 'insert',
        schema: 'public',
        table: 'notes',
        filter: 'id=gt.0,id=lt.100',
      }),
    ).toEqual({
      ok: true,
      params: {
        action: 'INSERT',
        schema: 'public',
        table: 'notes',
        filters: [
          { column: 'id', op: 'gt', value: '0', negate: false },
          { column: 'id', op: 'lt', value: '100', negate: false },
        ],
        select: null,
      },
    });
    const r = parseSubscriptionParams({
      schema: 'public',
      table: 't',
      filter: 'name=eq."a,b",tag=not.in.(x,y)',
    });
    expect(r.ok && r.params.filters).toEqual([
      { column: 'name', op: 'eq', value: 'a,b', negate: false },
      { column: 'tag', op: 'in', value: '{x,y}', negate: true },
    ]);
    expect(parseSubscriptionParams({ table: 'notes' })).toMatchObject({
      ok: true,
      params: { schema: 'public', table: 'notes', action: '*' },
    });
    expect(parseSubscriptionParams({ schema: 'public' })).toMatchObject({ ok: true, params: { table: '*' } });
    expect(parseSubscriptionParams({ schema: 'public', table: 't', filter: '  ' })).toMatchObject({
      ok: true,
      params: { filters: [] },
    });
  });

  it('refuses what Realtime refuses, with its messages', () => {
    const error = (p: Record<string, unknown>) => {
      const r = parseSubscriptionParams(p);
      return r.ok ? null : r.error;
    };
    expect(error({ schema: 'public', table: 't', filter: 'subject=foo.hey' })).toBe(
      'Error parsing `filter` params: ["foo", "hey"]',
    );
    expect(error({ schema: 'public', table: 't', filter: 'undefined' })).toBe(
      'Error parsing `filter` params: ["undefined"]',
    );
    expect(error({ schema: 'public', table: 't', filter: 'id=in.1,2' })).toBe(
      'Error parsing `filter` params: `in` filter value must be wrapped by parentheses',
    );
    expect(error({ schema: 'public', table: 't', filter: 'id=eq.1,,id=eq.2' })).toBe(
      'Error parsing `filter` params: filter must not contain empty segments (check for extra commas)',
    );
    expect(error({})).toBe(
      'No subscription params provided. Please provide at least a `schema` or `table` to subscribe to: %{}',
    );
    expect(error({ schema: '*', select: ['a'] })).toBe(
      'Column selection is not supported for wildcard subscriptions. Provide an explicit schema and table name.',
    );
    expect(error({ schema: 'public', table: 't', select: 'a' })).toMatch(/^Error parsing `select` params/);
  });

  it('renders parameters in error messages as Realtime logs them', () => {
    const r = parseSubscriptionParams({
      event: '*',
      schema: 'public',
      table: 't',
      filter: 'id=eq.1',
      select: ['a'],
    });
    expect(r.ok && paramsToLog(r.params)).toBe(
      'event: *, schema: public, table: t, filters: [{"id", "eq", "1", false}], select: ["a"]',
    );
  });
});
