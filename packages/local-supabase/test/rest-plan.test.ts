/**
 * The REST layer's request parsing, planning and SQL building without HTTP or a database: a schema cache built by
 * hand (relationships derived by the same `relationshipsOf` as the real one), requests as web `Request` objects.
 */
import { describe, expect, it } from 'vitest';
import {
  relationshipsOf,
  viewRelations,
  type Catalog,
  type FunctionInfo,
  type Relation,
  type TableInfo,
} from '../src/rest/catalog.ts';
import { ApiError } from '../src/rest/errors.ts';
import { fuzzyBest, fuzzyMatches, levenshteinSimilarity } from '../src/rest/fuzzy.ts';
import { renderOperator } from '../src/rest/operators.ts';
import { parseLogic, parseOperation, parseSelect, type Condition } from '../src/rest/parse.ts';
import { findFunction, planCall } from '../src/rest/planCall.ts';
import {
  planInsert,
  planRead,
  planUpdate,
  resolveRelationship,
  tableOf,
  type ReadNode,
} from '../src/rest/plan.ts';
import { callStatement, mutateStatement, readStatement } from '../src/rest/statements.ts';
import { acceptFormat, apiRequest, queryParams, type ApiRequest } from '../src/rest/request.ts';

function table(
  name: string,
  columns: string[],
  primaryKey: string[] = ['id'],
  uniques: string[][] = [],
): TableInfo {
  return {
    name,
    columns: new Map(columns.map((c) => [c, c === 'id' || c.endsWith('_id') ? 'integer' : 'text'])),
    primaryKey,
    generated: new Set(),
    uniques,
    defaults: new Map(),
  };
}
const fk = (name: string, from: string, columns: string[], to: string, refColumns = ['id']): Relation => ({
  name,
  table: from,
  columns,
  refTable: to,
  refColumns,
});
const fn = (
  name: string,
  args: [string, string, boolean?][],
  extra: Partial<FunctionInfo> = {},
): FunctionInfo => ({
  name,
  args: args.map(([n, type, hasDefault]) => ({ name: n, type, hasDefault: hasDefault === true })),
  returnType: 'integer',
  returnsSet: false,
  returnColumns: null,
  returnTable: null,
  volatile: true,
  rows: 1000,
  ...extra,
});

function catalog(): Catalog {
  const tables = new Map(
    [
      table('authors', ['id', 'name']),
      // Two foreign keys to authors: embedding `authors` from books is ambiguous.
      table('books', ['id', 'title', 'author_id', 'editor_id']),
      table('users', ['id', 'name']),
      table('teams', ['id', 'name']),
      table('members', ['user_id', 'team_id'], ['user_id', 'team_id']),
      // Its foreign key is its primary key: one-to-one.
      table('profiles', ['id', 'bio']),
      table('nodes', ['id', 'parent_id', 'label']),
    ].map((t) => [t.name, t]),
  );
  const relations = [
    fk('books_author_id_fkey', 'books', ['author_id'], 'authors'),
    fk('books_editor_id_fkey', 'books', ['editor_id'], 'authors'),
    fk('members_user_id_fkey', 'members', ['user_id'], 'users'),
    fk('members_team_id_fkey', 'members', ['team_id'], 'teams'),
    fk('profiles_id_fkey', 'profiles', ['id'], 'users'),
    fk('nodes_parent_id_fkey', 'nodes', ['parent_id'], 'nodes'),
  ];
  const functions = new Map<string, FunctionInfo[]>([
    ['pick', [fn('pick', [['x', 'integer']]), fn('pick', [['x', 'text']])]],
    [
      'add',
      [
        fn('add', [
          ['a', 'integer'],
          ['b', 'integer', true],
        ]),
      ],
    ],
    ['echo', [fn('echo', [['', 'jsonb']], { returnType: 'jsonb' })]],
    [
      'author_books',
      [
        fn('author_books', [['who', 'integer']], {
          returnType: 'books',
          returnsSet: true,
          returnColumns: ['id', 'title', 'author_id', 'editor_id'],
          returnTable: 'books',
        }),
      ],
    ],
  ]);
  return {
    schema: 'public',
    tables,
    relations,
    functions,
    relationships: relationshipsOf(tables, relations),
    computed: new Map(),
    types: new Map([
      ['text', 'text'],
      ['integer', 'integer'],
      ['int', 'integer'],
    ]),
  };
}

/** The ApiError a function throws (fails the test when it does not throw one). */
function errorOf(f: () => unknown): ApiError {
  try {
    f();
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected an ApiError');
}

const read = (cat: Catalog, name: string, qs: string, aggregates = false): ReadNode =>
  planRead(cat, tableOf(cat, name), queryParams(new URLSearchParams(qs), new Set()), aggregates);

const op = (text: string): Extract<Condition, { kind: 'op' }> =>
  parseOperation({ column: 'c', path: [] }, text) as Extract<Condition, { kind: 'op' }>;

describe('operators: parsed through the one table', () => {
  it('reads not., the value forms and the (any)/(all) modifiers', () => {
    expect(op('not.eq.5')).toMatchObject({ negate: true, op: 'eq', value: { kind: 'text', text: '5' } });
    expect(op('in.(1,"a,b",3)').value).toEqual({ kind: 'list', items: ['1', 'a,b', '3'] });
    expect(op('in.("say \\"hi\\"",x)').value).toEqual({ kind: 'list', items: ['say "hi"', 'x'] });
    expect(op('like(all).{a*,b*}')).toMatchObject({
      op: 'like',
      modifier: 'all',
      value: { kind: 'list', items: ['a%', 'b%'] },
    });
    expect(op('ilike.*Gunn*').value).toEqual({ kind: 'text', text: '%Gunn%' });
    expect(op('is.NULL').value).toEqual({ kind: 'keyword', sql: 'null' });
    expect(op('is.not_null').value).toEqual({ kind: 'keyword', sql: 'not null' });
    expect(op('fts(english).cat & dog').value).toEqual({
      kind: 'search',
      config: 'english',
      query: 'cat & dog',
    });
    expect(op('wfts.cat').value).toEqual({ kind: 'search', query: 'cat' });
    expect(op('eq.a.b.c').value).toEqual({ kind: 'text', text: 'a.b.c' });
  });

  it('refuses unknown operators, misplaced modifiers and configs, and bad is/in values with PGRST100', () => {
    const cases: [string, string][] = [
      ['foo.1', 'unknown or malformed operator in "foo.1"'],
      ['eq', 'unknown or malformed operator in "eq"'],
      ['cs(any).{1}', 'operator cs takes no (any)/(all) modifier'],
      ['is(any).{null}', 'operator is takes no (any)/(all) modifier'],
      ['eq(english).x', 'operator eq takes no (english) configuration'],
      ['is.maybe', 'is takes null, not_null, true, false or unknown'],
      ['in.1,2', 'expected a list in parentheses'],
      ['in.(1,"2)', 'unbalanced brackets or quotes in "1,"2"'],
    ];
    for (const [text, details] of cases) {
      const e = errorOf(() => op(text));
      expect(e.status, text).toBe(400);
      expect(e.body(), text).toMatchObject({ code: 'PGRST100', details });
    }
  });

  it('renders every value as a bound parameter', () => {
    const params: unknown[] = [];
    const bind = (v: unknown) => (params.push(v), `$${params.length}`);
    const evil = op(`eq.'; drop table authors; --`);
    expect(renderOperator('_t."c"', evil.op, evil.modifier, evil.value, bind)).toBe('_t."c" = $1');
    const any = op('ilike(any).{a*,"b,c"}');
    expect(renderOperator('_t."c"', any.op, any.modifier, any.value, bind)).toBe('_t."c" ilike any($2)');
    const fts = op('plfts(english).fat cats');
    expect(renderOperator('_t."c"', fts.op, fts.modifier, fts.value, bind)).toBe(
      '_t."c" @@ plainto_tsquery($3::regconfig, $4)',
    );
    const none = op('in.()');
    expect(renderOperator('_t."c"', none.op, none.modifier, none.value, bind)).toBe('false');
    const is = op('not.is.true');
    expect(renderOperator('_t."c"', is.op, is.modifier, is.value, bind)).toBe('_t."c" is true');
    expect(params).toEqual([`'; drop table authors; --`, ['a%', 'b,c'], 'english', 'fat cats']);
  });

  it('nests and/or trees with not', () => {
    const tree = parseLogic('or', false, '(id.eq.1,not.and(name.like.A*,id.gt.3))');
    expect(tree).toMatchObject({
      kind: 'logic',
      op: 'or',
      items: [
        { kind: 'op', field: { column: 'id' }, op: 'eq' },
        {
          kind: 'logic',
          op: 'and',
          negate: true,
          items: [{ op: 'like', value: { text: 'A%' } }, { op: 'gt' }],
        },
      ],
    });
    expect(errorOf(() => parseLogic('or', false, 'id.eq.1')).code).toBe('PGRST100');
  });
});

describe('request: from a web Request to an ApiRequest', () => {
  const noArgs = async () => new Set<string>();
  const req = (path: string, init: RequestInit = {}) => new Request(`http://localhost/rest/v1/${path}`, init);
  const reject = async (p: Promise<ApiRequest>): Promise<ApiError> => {
    try {
      await p;
    } catch (err) {
      if (err instanceof ApiError) return err;
      throw err;
    }
    throw new Error('expected an ApiError');
  };

  it('reads the action, schema, levels, Range and Prefer', async () => {
    const r = await apiRequest(
      req(
        'books?select=title,authors!books_author_id_fkey(name)&authors.name=eq.x&authors.order=name.desc&authors.limit=2&or=(id.eq.1,id.eq.2)&order=id',
        {
          headers: {
            'accept-profile': 'archive',
            range: 'items=5-9',
            prefer: 'count=exact, return=representation',
            accept: 'text/csv',
          },
        },
      ),
      ['public', 'archive'],
      noArgs,
    );
    expect(r).toMatchObject({
      action: 'read',
      target: 'books',
      schema: 'archive',
      prefer: { count: 'exact', return: 'representation' },
      format: { csv: true, object: false },
    });
    expect(r.query.root).toMatchObject({
      offset: 5,
      limit: 5,
      order: [{ field: { column: 'id' }, desc: false }],
    });
    expect(r.query.root.conditions).toHaveLength(1);
    expect(r.query.levels.get('authors')).toMatchObject({
      limit: 2,
      order: [{ desc: true }],
      conditions: [{ op: 'eq', value: { text: 'x' } }],
    });
    expect(r.query.select[1]).toMatchObject({
      kind: 'embed',
      relation: 'authors',
      hint: 'books_author_id_fkey',
    });
    expect(JSON.parse(r.settings.headers!)).toMatchObject({ range: 'items=5-9' });
  });

  it('reads application/vnd.pgrst.plan with its for= media type and options, as supabase-js sends it', () => {
    expect(
      acceptFormat(
        'application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"; options=verbose|analyze|bogus;',
      ),
    ).toEqual({
      csv: false,
      object: true,
      stripNulls: false,
      plan: {
        format: 'json',
        options: ['analyze', 'verbose'],
        mime: 'application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"; options=analyze|verbose',
      },
    });
    expect(acceptFormat('application/vnd.pgrst.plan')).toMatchObject({
      csv: false,
      plan: { format: 'text', options: [], mime: 'application/vnd.pgrst.plan+text; for="application/json"' },
    });
    expect(acceptFormat('application/vnd.pgrst.plan+text; for="text/csv"')).toMatchObject({
      csv: true,
      plan: { format: 'text' },
    });
    expect(acceptFormat('application/json').plan).toBeNull();
  });

  it('takes rpc GET parameters naming an argument as arguments, the rest as filters', async () => {
    const r = await apiRequest(req('rpc/add?a=1&b=2&id=gt.3'), ['public'], async () => new Set(['a', 'b']));
    expect(r.action).toBe('call');
    expect([...r.query.args]).toEqual([
      ['a', '1'],
      ['b', '2'],
    ]);
    expect(r.query.root.conditions).toMatchObject([{ field: { column: 'id' }, op: 'gt' }]);
  });

  it('refuses a schema not exposed, unknown methods, and bad numbers with PostgREST errors', async () => {
    expect(
      (
        await reject(
          apiRequest(
            req('books', { headers: { 'accept-profile': 'secret' } }),
            ['public', 'archive'],
            noArgs,
          ),
        )
      ).body(),
    ).toEqual({
      code: 'PGRST106',
      message: 'The schema must be one of the following: public, archive',
      details: null,
      hint: null,
    });
    expect((await reject(apiRequest(req('books', { method: 'PUT' }), ['public'], noArgs))).code).toBe(
      'PGRST117',
    );
    expect((await reject(apiRequest(req('rpc/add', { method: 'PATCH' }), ['public'], noArgs))).code).toBe(
      'PGRST101',
    );
    expect((await reject(apiRequest(req('books?limit=-1'), ['public'], noArgs))).body()).toMatchObject({
      code: 'PGRST100',
      message: 'failed to parse limit (-1)',
    });
    const prefer = await reject(
      apiRequest(
        req('books', { method: 'PATCH', headers: { prefer: 'handling=strict, max-affected=x' } }),
        ['public'],
        noArgs,
      ),
    );
    expect(prefer.body()).toMatchObject({
      code: 'PGRST100',
      message: 'failed to parse Prefer header (max-affected=x)',
    });
  });
});

describe('plan: embeds resolved against the schema cache', () => {
  const cat = catalog();

  it('resolves many-to-one, one-to-many, one-to-one, many-to-many and self references', () => {
    const books = read(cat, 'authors', 'select=name,books!books_author_id_fkey(title)').items[1]!;
    expect(books).toMatchObject({
      kind: 'embed',
      name: 'books',
      rel: { kind: 'o2m', constraint: 'books_author_id_fkey' },
      node: { table: { name: 'books' } },
    });
    expect(resolveRelationship(cat, tableOf(cat, 'books'), 'authors', 'editor_id').rel).toMatchObject({
      kind: 'm2o',
      constraint: 'books_editor_id_fkey',
    });
    expect(resolveRelationship(cat, tableOf(cat, 'books'), 'author_id', undefined).rel).toMatchObject({
      kind: 'm2o',
      constraint: 'books_author_id_fkey',
    });
    expect(resolveRelationship(cat, tableOf(cat, 'users'), 'profiles', undefined).rel.kind).toBe('o2o');
    expect(resolveRelationship(cat, tableOf(cat, 'users'), 'teams', undefined).rel).toMatchObject({
      kind: 'm2m',
      junction: 'members',
    });
    // Self reference: the table's name is the children, the column's name the parent.
    expect(resolveRelationship(cat, tableOf(cat, 'nodes'), 'nodes', undefined).rel.kind).toBe('o2m');
    expect(resolveRelationship(cat, tableOf(cat, 'nodes'), 'parent_id', undefined).rel.kind).toBe('m2o');
  });

  it('answers an ambiguous embed with 300 PGRST201 and PostgREST details and hint', () => {
    const e = errorOf(() => read(cat, 'books', 'select=title,authors(name)'));
    expect(e.status).toBe(300);
    expect(e.body()).toEqual({
      code: 'PGRST201',
      message: "Could not embed because more than one relationship was found for 'books' and 'authors'",
      details: [
        {
          cardinality: 'many-to-one',
          embedding: 'books with authors',
          relationship: 'books_author_id_fkey using books(author_id) and authors(id)',
        },
        {
          cardinality: 'many-to-one',
          embedding: 'books with authors',
          relationship: 'books_editor_id_fkey using books(editor_id) and authors(id)',
        },
      ],
      hint: "Try changing 'authors' to one of the following: 'authors!books_author_id_fkey', 'authors!books_editor_id_fkey'. Find the desired relationship in the 'details' key.",
    });
  });

  it('answers an unknown embed with 400 PGRST200, naming the hint', () => {
    const e = errorOf(() => read(cat, 'authors', 'select=teams!nope(name)'));
    expect(e.status).toBe(400);
    expect(e.body()).toEqual({
      code: 'PGRST200',
      message: "Could not find a relationship between 'authors' and 'teams' in the schema cache",
      details:
        "Searched for a foreign key relationship between 'authors' and 'teams' using the hint 'nope' in the schema 'public', but no matches were found.",
      hint: null,
    });
    // Even an embed that selects nothing is resolved.
    expect(errorOf(() => read(cat, 'authors', 'select=*,nothing()')).code).toBe('PGRST200');
    expect(errorOf(() => tableOf(cat, 'nothing')).body()).toMatchObject({
      code: 'PGRST205',
      message: "Could not find the table 'public.nothing' in the schema cache",
    });
  });

  it('gives each embed its level options, expands a spread star, and counts a bare count inside an embed', () => {
    const node = read(
      cat,
      'users',
      'select=name,team:teams(name),...profiles(*),teams(count)&team.name=eq.x&team.limit=1',
    );
    const [, team, spread, counted] = node.items;
    expect(team).toMatchObject({
      kind: 'embed',
      name: 'team',
      node: { level: { limit: 1, conditions: [{ op: 'eq' }] } },
    });
    expect(spread).toMatchObject({
      kind: 'embed',
      spread: true,
      node: { items: [{ column: 'id' }, { column: 'bio' }] },
    });
    expect(counted).toMatchObject({ node: { items: [{ kind: 'column', column: '', aggregate: 'count' }] } });
    expect(errorOf(() => read(cat, 'users', 'select=...profiles(...users(name))')).body()).toMatchObject({
      code: 'PGRST100',
    });
  });

  it('refuses aggregates unless db-aggregates-enabled (PGRST123)', () => {
    expect(errorOf(() => read(cat, 'books', 'select=id.sum()')).body()).toMatchObject({
      code: 'PGRST123',
      message: 'Use of aggregate functions is not allowed',
    });
    expect(read(cat, 'books', 'select=author_id,id.sum()', true).items[1]).toMatchObject({
      aggregate: 'sum',
      column: 'id',
    });
  });
});

describe('schema cache: relationships through views', () => {
  it('a view relates by the base columns it shows under their own names; a name from two tables stands for none', () => {
    const tables = new Map(
      [
        table('authors', ['id', 'name']),
        table('books', ['id', 'title', 'author_id']),
        // A view of books, and a join view whose id could be either table's.
        table('long_books', ['id', 'title', 'author_id'], []),
        table('book_authors', ['id', 'title', 'name'], []),
        { ...table('authors_view', ['id', 'name'], []), view: true },
      ].map((t) => [t.name, t]),
    );
    const fks = [fk('books_author_id_fkey', 'books', ['author_id'], 'authors')];
    const used = [
      ...['id', 'title', 'author_id'].map((col) => ({ view: 'long_books', tbl: 'books', col })),
      ...['id', 'title', 'author_id'].map((col) => ({ view: 'book_authors', tbl: 'books', col })),
      ...['id', 'name'].map((col) => ({ view: 'book_authors', tbl: 'authors', col })),
      ...['id', 'name'].map((col) => ({ view: 'authors_view', tbl: 'authors', col })),
    ];
    const extra = viewRelations(tables, fks, used);
    const rel = { name: 'books_author_id_fkey', columns: ['author_id'], refColumns: ['id'] };
    expect(extra).toEqual([
      { ...rel, table: 'books', refTable: 'authors_view' },
      { ...rel, table: 'long_books', refTable: 'authors' },
      { ...rel, table: 'long_books', refTable: 'authors_view' },
    ]);
    const cat = { ...catalog(), tables, relationships: relationshipsOf(tables, [...fks, ...extra]) };
    expect(resolveRelationship(cat, tableOf(cat, 'authors'), 'long_books', undefined).rel).toMatchObject({
      kind: 'o2m',
      columns: [['id', 'author_id']],
    });
    expect(
      errorOf(() => resolveRelationship(cat, tableOf(cat, 'authors'), 'book_authors', undefined)).code,
    ).toBe('PGRST200');
    // A column or constraint name embeds the table, not the views of it (else every view would make it ambiguous).
    expect(resolveRelationship(cat, tableOf(cat, 'books'), 'author_id', undefined).target.name).toBe(
      'authors',
    );
    expect(
      resolveRelationship(cat, tableOf(cat, 'books'), 'books_author_id_fkey', undefined).target.name,
    ).toBe('authors');
    expect(resolveRelationship(cat, tableOf(cat, 'books'), 'authors_view', undefined).target.name).toBe(
      'authors_view',
    );
  });
});

describe("hints: PostgREST's fuzzy 'Perhaps you meant …'", () => {
  const cat = catalog();

  it('scores by n-grams then Levenshtein, exact (ignoring case) first', () => {
    expect(fuzzyMatches(['authors', 'books', 'Loans'], 'loans', 0.33)).toEqual([[1, 'Loans']]);
    expect(fuzzyBest(['authors', 'books', 'loans'], 'author', 0.75)).toBe('authors');
    expect(fuzzyBest(['authors', 'books', 'loans'], 'zebra', 0.33)).toBeNull();
    expect(levenshteinSimilarity('kitten', 'sitting')).toBeCloseTo(1 - 3 / 7);
  });

  it('names the closest table, relationship target and function or parameter list', () => {
    expect(errorOf(() => tableOf(cat, 'author')).hint).toBe("Perhaps you meant the table 'public.authors'");
    expect(errorOf(() => tableOf(cat, 'zzz')).hint).toBeNull();
    expect(errorOf(() => read(cat, 'books', 'select=author(name)')).hint).toBe(
      "Perhaps you meant 'authors' instead of 'author'.",
    );
    expect(
      errorOf(() => findFunction('addd', [], ['a'], false, 'public', ['add', 'pick', 'echo'])).hint,
    ).toBe('Perhaps you meant to call the function public.add');
    expect(errorOf(() => findFunction('add', cat.functions.get('add')!, ['c', 'a'], false)).hint).toBe(
      'Perhaps you meant to call the function public.add(a, b)',
    );
  });
});

describe('plan: functions, overloads and mutations', () => {
  const cat = catalog();

  it('chooses an overload by argument names; several are 300 PGRST203, none 404 PGRST202', () => {
    expect(findFunction('add', cat.functions.get('add')!, ['a'], false).name).toBe('add');
    expect(findFunction('add', cat.functions.get('add')!, ['a', 'b'], false).name).toBe('add');
    const ambiguous = errorOf(() => findFunction('pick', cat.functions.get('pick')!, ['x'], true));
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.body()).toEqual({
      code: 'PGRST203',
      message:
        'Could not choose the best candidate function between: public.pick(x => integer), public.pick(x => text)',
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    });
    const missing = errorOf(() => findFunction('add', cat.functions.get('add')!, ['c', 'a'], true));
    expect(missing.status).toBe(404);
    expect(missing.body()).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.add(a, c) in the schema cache',
      details:
        'Searched for the function public.add with parameters a, c or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    });
    expect(errorOf(() => findFunction('add', cat.functions.get('add')!, [], false)).message).toBe(
      'Could not find the function public.add without parameters in the schema cache',
    );
  });

  it("lists PGRST203's candidates in PostgREST's overload order (fewer parameters, then names and types)", () => {
    const created = [
      fn('pick', [['x', 'text']]),
      fn('pick', [['x', 'integer']]),
      fn('pick', [
        ['b', 'text'],
        ['a', 'integer', true],
      ]),
      fn('pick', [
        ['a', 'text'],
        ['b', 'text', true],
      ]),
    ];
    expect(errorOf(() => findFunction('pick', created, ['x'], false)).message).toBe(
      'Could not choose the best candidate function between: public.pick(x => integer), public.pick(x => text)',
    );
    expect(errorOf(() => findFunction('pick', created, ['a', 'b'], false)).message).toBe(
      'Could not choose the best candidate function between: public.pick(a => text, b => text), public.pick(b => text, a => integer)',
    );
  });

  it('passes a whole body to a single unnamed json parameter only by POST', () => {
    const q = queryParams(new URLSearchParams(), new Set());
    const call = planCall(cat, 'echo', cat.functions.get('echo')!, { any: 'thing' }, true, q, false);
    expect(call.wholeBody).toEqual({ type: 'jsonb', body: { any: 'thing' } });
    expect(
      callStatement(
        cat,
        call,
        q.root,
        { csv: false, object: false, stripNulls: false, plan: null },
        false,
        null,
      ),
    ).toMatchObject({
      sql: 'select to_json("public"."echo"($1::jsonb))::text as body, 1 as n',
      params: ['{"any":"thing"}'],
    });
    expect(
      errorOf(() => planCall(cat, 'echo', cat.functions.get('echo')!, { any: 'thing' }, false, q, false))
        .code,
    ).toBe('PGRST202');
  });

  it('plans a set of table rows as a read that can embed from them', () => {
    const q = queryParams(new URLSearchParams('select=title,authors!books_author_id_fkey(name)'), new Set());
    const call = planCall(
      cat,
      'author_books',
      cat.functions.get('author_books')!,
      { who: 1 },
      true,
      q,
      false,
    );
    expect(call).toMatchObject({
      returns: 'rows',
      args: [{ name: 'who', form: 'value', value: '1' }],
      node: { table: { name: 'books' } },
    });
    expect(call.node!.items[1]).toMatchObject({ kind: 'embed', rel: { kind: 'm2o' } });
  });

  it('checks a body against the table: PGRST204 for a column, PGRST102 for shapes, an upsert target', () => {
    const books = tableOf(cat, 'books');
    const q = queryParams(new URLSearchParams(), new Set());
    const returning = planRead(cat, books, q, false);
    expect(
      errorOf(() => planInsert(books, q, {}, { title: 'x', colour: 'red' }, returning)).body(),
    ).toMatchObject({
      code: 'PGRST204',
      message: "Could not find the 'colour' column of 'books' in the schema cache",
    });
    expect(errorOf(() => planInsert(books, q, {}, [{ title: 'x' }, 3], returning)).body()).toMatchObject({
      code: 'PGRST102',
      message: 'All object keys must match',
    });
    expect(errorOf(() => planUpdate(books, q, [{ title: 'x' }], returning)).body()).toMatchObject({
      code: 'PGRST102',
      message: 'Empty or invalid json',
    });
    const upsert = planInsert(
      books,
      q,
      { resolution: 'merge-duplicates' },
      [{ id: 1, title: 'x' }, { id: 2 }],
      returning,
    );
    expect(upsert).toMatchObject({
      columns: ['id', 'title'],
      conflict: { target: ['id'], ignore: false },
      merge: true,
    });
    const byTitle = queryParams(new URLSearchParams('on_conflict=nope'), new Set());
    expect(
      errorOf(() =>
        planInsert(books, byTitle, { resolution: 'ignore-duplicates' }, { title: 'x' }, returning),
      ).code,
    ).toBe('42703');
  });
});

describe('query: plans as SQL with quoted catalogue identifiers and bound values', () => {
  const cat = catalog();
  const json = { csv: false, object: false, stripNulls: false, plan: null };

  it('binds filter values, JSON path keys and limits; quotes identifiers', () => {
    const node = read(
      cat,
      'books',
      `select=title,author:authors!books_author_id_fkey(name)&title=eq.x') or true--&author.name=like.G*&limit=2`,
    );
    const stmt = readStatement(cat, node, json, 'exact', 10);
    expect(stmt.sql).not.toContain('or true');
    expect(stmt.sql).toContain('from "public"."books" as _t');
    expect(stmt.sql).toContain('"name" like $');
    expect(stmt.params).toEqual(expect.arrayContaining(["x') or true--", 'G%', 2, 10]));
    expect(stmt.sql).toMatch(
      /\(select count\(\*\) from \(select 1 from "public"."books" as _t where _t\."title" = \$\d+\) _c\)::int as total/,
    );
  });

  it('refuses a column or a cast type the schema cache lacks before any SQL runs', () => {
    expect(
      errorOf(() => readStatement(cat, read(cat, 'books', 'select=nope'), json, undefined, null)).body(),
    ).toMatchObject({ code: '42703', message: 'column books.nope does not exist' });
    expect(
      errorOf(() =>
        readStatement(cat, read(cat, 'books', 'select=title::regclass'), json, undefined, null),
      ).body(),
    ).toMatchObject({ code: '42704' });
  });

  it("names an embedded level's table <table>_<depth> in a missing column's message, as PostgREST aliases it", () => {
    const nested = read(
      cat,
      'authors',
      'select=name,books!books_author_id_fkey(title,authors!books_editor_id_fkey(nope))',
    );
    expect(errorOf(() => readStatement(cat, nested, json, undefined, null)).message).toBe(
      'column authors_2.nope does not exist',
    );
    const spread = read(cat, 'books', 'select=title,...authors!books_author_id_fkey(nope)');
    expect(errorOf(() => readStatement(cat, spread, json, undefined, null)).message).toBe(
      'column authors_1.nope does not exist',
    );
  });

  it('builds an upsert as PostgREST does: every body column set from excluded', () => {
    const books = tableOf(cat, 'books');
    const q = queryParams(new URLSearchParams(), new Set());
    const plan = planInsert(
      books,
      q,
      { resolution: 'merge-duplicates' },
      { id: 1, title: 'x' },
      planRead(cat, books, q, false),
    );
    const stmt = mutateStatement(cat, plan, json, false)!;
    expect(stmt.sql).toContain(
      'on conflict ("id") do update set "id" = excluded."id", "title" = excluded."title"',
    );
    expect(stmt.params).toEqual(['[{"id":1,"title":"x"}]']);
    expect(
      mutateStatement(cat, planUpdate(books, q, {}, planRead(cat, books, q, false)), json, true),
    ).toBeNull();
  });
});

describe('select grammar', () => {
  it('reads aliases, casts, JSON paths, hints and spreads', () => {
    expect(
      parseSelect('n:name::text,data->a->>b,lender:authors!loans_lender_fkey!inner(name),...profiles(bio)'),
    ).toEqual([
      { kind: 'column', column: 'name', path: [], alias: 'n', cast: 'text' },
      {
        kind: 'column',
        column: 'data',
        path: [
          { arrow: '->', key: 'a' },
          { arrow: '->>', key: 'b' },
        ],
        alias: undefined,
        cast: undefined,
      },
      {
        kind: 'embed',
        relation: 'authors',
        hint: 'loans_lender_fkey',
        inner: true,
        alias: 'lender',
        select: [{ kind: 'column', column: 'name', path: [], alias: undefined, cast: undefined }],
      },
      {
        kind: 'embed',
        relation: 'profiles',
        hint: undefined,
        inner: false,
        alias: undefined,
        select: [{ kind: 'column', column: 'bio', path: [], alias: undefined, cast: undefined }],
        spread: true,
      },
    ]);
    expect(errorOf(() => parseSelect('a(b(c(d(e(f(g(h(i(j)))))))))')).code).toBe('PGRST100');
    expect(errorOf(() => parseSelect('name::text;drop')).code).toBe('PGRST100');
  });
});
