import type { Sql } from '../db.js';

export interface Relation {
  /** Constraint name. */
  name: string;
  /** Columns on the table holding the foreign key, and the columns they reference. */
  columns: string[];
  refTable: string;
  refColumns: string[];
  table: string;
}

export interface TableInfo {
  name: string;
  columns: Map<string, string>;
  primaryKey: string[];
  generated: Set<string>;
}

export interface FunctionInfo {
  name: string;
  args: { name: string; type: string; hasDefault: boolean }[];
  returnType: string;
  returnsSet: boolean;
  /** Columns when the function returns rows of a table or composite type. */
  returnColumns: string[] | null;
  volatile: boolean;
}

export interface Catalog {
  tables: Map<string, TableInfo>;
  relations: Relation[];
  functions: Map<string, FunctionInfo[]>;
}

/** Reads what PostgREST calls its schema cache: tables, views, columns, foreign keys and functions of `public`. */
export async function loadCatalog(sql: Sql, schema = 'public'): Promise<Catalog> {
  const cols = await sql.query<{ t: string; c: string; type: string; gen: string }>(
    `select c.relname as t, a.attname as c, format_type(a.atttypid, a.atttypmod) as type, a.attgenerated::text as gen
       from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relkind in ('r','v','m','p','f') and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`,
    [schema],
  );
  const tables = new Map<string, TableInfo>();
  for (const r of cols.rows) {
    let t = tables.get(r.t);
    if (!t) tables.set(r.t, (t = { name: r.t, columns: new Map(), primaryKey: [], generated: new Set() }));
    t.columns.set(r.c, r.type);
    if (r.gen && r.gen !== '') t.generated.add(r.c);
  }
  const cons = await sql.query<{ name: string; type: string; t: string; cols: string[]; rt: string | null; rcols: string[] | null }>(
    `select con.conname as name, con.contype::text as type, c.relname as t,
            array(select a.attname::text from unnest(con.conkey) with ordinality k(n, i)
                   join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.i) as cols,
            rc.relname as rt,
            array(select a.attname::text from unnest(con.confkey) with ordinality k(n, i)
                   join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.i) as rcols
       from pg_constraint con join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
       left join pg_class rc on rc.oid = con.confrelid left join pg_namespace rn on rn.oid = rc.relnamespace
      where n.nspname = $1 and con.contype in ('p','f') and (con.contype = 'p' or rn.nspname = $1)`,
    [schema],
  );
  const relations: Relation[] = [];
  for (const r of cons.rows) {
    if (r.type === 'p') {
      const t = tables.get(r.t);
      if (t) t.primaryKey = r.cols;
    } else if (r.rt && r.rcols) {
      relations.push({ name: r.name, table: r.t, columns: r.cols, refTable: r.rt, refColumns: r.rcols });
    }
  }
  const fns = await sql.query<{
    name: string;
    argnames: string[] | null;
    argtypes: string[];
    nargs: number;
    ndefaults: number;
    ret: string;
    retset: boolean;
    retcols: string[] | null;
    vol: string;
  }>(
    `select p.proname as name, p.proargnames as argnames,
            array(select format_type(t, null) from unnest(p.proargtypes) t) as argtypes,
            p.pronargs as nargs, p.pronargdefaults as ndefaults,
            format_type(p.prorettype, null) as ret, p.proretset as retset,
            case when ty.typrelid <> 0 then array(select a.attname::text from pg_attribute a
              where a.attrelid = ty.typrelid and a.attnum > 0 and not a.attisdropped order by a.attnum) end as retcols,
            p.provolatile::text as vol
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type ty on ty.oid = p.prorettype
      where n.nspname = $1 and p.prokind = 'f'`,
    [schema],
  );
  const functions = new Map<string, FunctionInfo[]>();
  for (const f of fns.rows) {
    const args = f.argtypes.map((type, i) => ({
      name: f.argnames?.[i] ?? '',
      type,
      hasDefault: i >= f.nargs - f.ndefaults,
    }));
    const list = functions.get(f.name) ?? [];
    list.push({
      name: f.name,
      args,
      returnType: f.ret,
      returnsSet: f.retset,
      returnColumns: f.retcols,
      volatile: f.vol === 'v',
    });
    functions.set(f.name, list);
  }
  return { tables, relations, functions };
}
