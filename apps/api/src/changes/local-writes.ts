import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/**
 * Tells `onWrite` which table a statement of this process wrote, as soon as it has run, so what
 * is kept in memory is forgotten before this process answers again, without waiting for the
 * change notice. (A write inside a transaction is forgotten again by the notice sent at commit.)
 */
export type WriteKind = 'insert' | 'update' | 'delete';

export class LocalWritesPlugin implements KyselyPlugin {
  private readonly writes = new WeakMap<object, { tables: string[]; kind: WriteKind }>();

  constructor(
    private readonly tables: ReadonlySet<string>,
    private readonly onWrite: (table: string, kind: WriteKind) => void,
  ) {}

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    const write = writeOf(node);
    const tables = write?.tables.filter((t) => this.tables.has(t));
    if (write && tables?.length) this.writes.set(queryId, { tables, kind: write.kind });
    return node;
  }

  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const write = this.writes.get(queryId);
    if (write) for (const table of write.tables) this.onWrite(table, write.kind);
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
