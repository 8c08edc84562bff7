import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/**
 * Tells `onWrite` which table a statement of this process wrote, as soon as it has run, so what
 * is kept in memory is forgotten before this process answers again, without waiting for the
 * change notice. (A write inside a transaction is forgotten again by the notice sent at commit.)
 */
export type WriteKind = 'insert' | 'update' | 'delete';

/** One write: its table, its kind and, when its WHERE pins one value (`column = value`), that. */
export interface LocalWrite {
  table: string;
  kind: WriteKind;
  key?: { column: string; value: unknown } | undefined;
}

export class LocalWritesPlugin implements KyselyPlugin {
  private readonly writes = new WeakMap<object, { tables: string[]; kind: WriteKind; key?: LocalWrite['key'] }>();

  constructor(
    private readonly tables: ReadonlySet<string>,
    private readonly onWrite: (write: LocalWrite) => void,
  ) {}

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    const write = writeOf(node);
    const tables = write?.tables.filter((t) => this.tables.has(t));
    if (write && tables?.length) this.writes.set(queryId, { tables, kind: write.kind, key: write.kind === 'insert' ? undefined : pinnedKey(node) });
    return node;
  }

  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const write = this.writes.get(queryId);
    if (write) for (const table of write.tables) this.onWrite({ table, kind: write.kind, key: write.key });
    return result;
  }
}

function writeOf(node: RootOperationNode): { tables: string[]; kind: WriteKind } | undefined {
  switch (node.kind) {
    case 'UpdateQueryNode':
      return { tables: tableNames(node.table), kind: 'update' };
    case 'DeleteQueryNode':
      return { tables: node.from.froms.flatMap(tableNames), kind: 'delete' };
    case 'InsertQueryNode':
      // An upsert may change an existing row.
      return { tables: tableNames(node.into), kind: node.onConflict ? 'update' : 'insert' };
    default:
      return undefined;
  }
}

/** Table names inside a table or alias node (as written, without schema). */
function tableNames(node: unknown): string[] {
  if (!node || typeof node !== 'object') return [];
  const n = node as { kind?: string; table?: { identifier?: { name?: string } }; node?: unknown };
  if (n.kind === 'TableNode') return n.table?.identifier?.name ? [n.table.identifier.name] : [];
  if (n.kind === 'AliasNode') return tableNames(n.node);
  return [];
}

/**
 * The `column = value` that a WHERE made only of ANDs holds (the first such, top level), e.g.
 * `where id = $1` or `where sid = $1 and …`. Undefined for anything else (OR, IN, raw SQL…).
 */
function pinnedKey(node: RootOperationNode): LocalWrite['key'] {
  const where = (node as { where?: { where?: unknown } }).where?.where;
  return keyIn(where);
}

function keyIn(node: unknown): LocalWrite['key'] {
  if (!node || typeof node !== 'object') return undefined;
  const n = node as { kind?: string; left?: unknown; right?: unknown; leftOperand?: unknown; operator?: { operator?: string }; rightOperand?: unknown; node?: unknown };
  if (n.kind === 'ParensNode') return keyIn(n.node);
  if (n.kind === 'AndNode') return keyIn(n.left) ?? keyIn(n.right);
  if (n.kind !== 'BinaryOperationNode' || n.operator?.operator !== '=') return undefined;
  const column = columnName(n.leftOperand);
  const value = n.rightOperand as { kind?: string; value?: unknown } | undefined;
  return column !== undefined && value?.kind === 'ValueNode' ? { column, value: value.value } : undefined;
}

function columnName(node: unknown): string | undefined {
  const n = node as { kind?: string; column?: { kind?: string; column?: { name?: string } } } | undefined;
  return n?.kind === 'ReferenceNode' && n.column?.kind === 'ColumnNode' ? n.column.column?.name : undefined;
}
