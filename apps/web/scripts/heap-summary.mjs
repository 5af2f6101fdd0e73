// Sums a V8 heap snapshot (DevTools' .heapsnapshot JSON, what CDP HeapProfiler.takeHeapSnapshot writes) by what its
// objects are — JS objects by constructor, DOM and other native objects by class, arrays, closures, strings, compiled
// code, V8's own records — so that two snapshots of a page can be compared: what grew between them, and by how much.
// Used by the display's soak benchmark (--snapshots=<dir>).

/** Types whose objects are told apart by name (a constructor, a class); the others are summed by type alone. */
const named = new Set(['object', 'native', 'hidden', 'array', 'object shape']);

/** @returns {{ total: number, groups: Map<string, { count: number, size: number }> }} */
export function summariseHeapSnapshot(json) {
  const snapshot = JSON.parse(json);
  const { node_fields: fields, node_types: types } = snapshot.snapshot.meta;
  const typeNames = types[fields.indexOf('type')];
  const width = fields.length;
  const [type, name, size] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const { nodes, strings } = snapshot;
  const groups = new Map();
  let total = 0;
  for (let i = 0; i < nodes.length; i += width) {
    const kind = typeNames[nodes[i + type]];
    const bytes = nodes[i + size];
    total += bytes;
    const key = named.has(kind) ? `${kind} ${strings[nodes[i + name]].slice(0, 60)}` : `(${kind})`;
    const group = groups.get(key);
    if (group) {
      group.count += 1;
      group.size += bytes;
    } else groups.set(key, { count: 1, size: bytes });
  }
  return { total, groups };
}

/** The groups that grew most from `before` to `after`, by bytes: `{ key, count, size }` as differences. */
export function heapGrowth(before, after, top = 12) {
  const keys = new Set([...before.groups.keys(), ...after.groups.keys()]);
  const zero = { count: 0, size: 0 };
  return [...keys]
    .map((key) => {
      const a = before.groups.get(key) ?? zero;
      const b = after.groups.get(key) ?? zero;
      return { key, count: b.count - a.count, size: b.size - a.size };
    })
    .sort((x, y) => y.size - x.size)
    .slice(0, top);
}

/**
 * What DevTools keeps in the page for itself (the Network domain's copy of each request, in Blink's heap) and V8's
 * compiled code, which a driven page grows with every script evaluated into it: a screen without DevTools has the
 * first not at all, and the second only as its own code warms up.
 */
const devtoolsRecords = /NetworkResourcesData/;

/** The bytes of the page's own objects (JS, DOM, Blink): the total without DevTools' records and compiled code. */
export function pageObjects(summary) {
  let bytes = summary.total;
  for (const [key, group] of summary.groups)
    if (key === '(code)' || devtoolsRecords.test(key)) bytes -= group.size;
  return bytes;
}

/** The bytes of one kind: 'code' (compiled code) or 'devtools' (DevTools' records). */
export function heapPart(summary, part) {
  let bytes = 0;
  for (const [key, group] of summary.groups)
    if (part === 'code' ? key === '(code)' : devtoolsRecords.test(key)) bytes += group.size;
  return bytes;
}
