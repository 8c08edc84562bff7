import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import type { Change } from './kept-reads';

/**
 * Tells `onWrite` which watched table a statement of this process wrote, as soon as it has run,
 * so what is kept in memory is forgotten before this process answers again, without waiting for
 * the change notice. (A write inside a transaction is forgotten again by the notice sent at
 * commit.) `tables` is read at every statement: tables added to it later are watched too.
 */
export type WriteKind = Change['kind'];

export class LocalWritesPlugin implements KyselyPlugin {
  private readonly writes = new WeakMap<object, Change[]>();

  constructor(
    private readonly tables: ReadonlySet<string>,
    private readonly onWrite: (write: Change) => void,
  ) {}

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    const write = writeOf(node);
    const tables = write?.tables.filter((t) => this.tables.has(t));
    if (write && tables?.length) {
      this.writes.set(
        queryId,
        tables.map((table) => ({
          table,
          kind: write.kind,
          keys: write.kind === 'insert' ? insertedKeys(node) : pinnedKeys(node, table),
        })),
      );
    }
    return node;
  }

  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const writes = this.writes.get(queryId);
    if (writes) for (const write of writes) this.onWrite(write);
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
 * The `column = value` pairs of a WHERE made only of ANDs (at its top level), e.g. `where id = $1`
 * or `where sid = $1 and user_id = $2`. None for anything else (OR, IN, raw SQL…).
 */
function pinnedKeys(node: RootOperationNode, table: string): Record<string, unknown> {
  const keys: Record<string, unknown> = {};
  collectKeys((node as { where?: { where?: unknown } }).where?.where, table, keys);
  return keys;
}

function collectKeys(node: unknown, table: string, keys: Record<string, unknown>): void {
  if (!node || typeof node !== 'object') return;
  const n = node as {
    kind?: string;
    left?: unknown;
    right?: unknown;
    leftOperand?: unknown;
    operator?: { operator?: string };
    rightOperand?: unknown;
    node?: unknown;
  };
  if (n.kind === 'ParensNode') return collectKeys(n.node, table, keys);
  if (n.kind === 'AndNode') {
    collectKeys(n.left, table, keys);
    collectKeys(n.right, table, keys);
    return;
  }
  if (n.kind !== 'BinaryOperationNode' || n.operator?.operator !== '=') return;
  const column = columnName(n.leftOperand, table);
  const value = n.rightOperand as { kind?: string; value?: unknown } | undefined;
  if (column !== undefined && value?.kind === 'ValueNode' && !(column in keys)) keys[column] = value.value;
}

/** The columns and values of a one-row insert of plain values (`values({ … })`); none otherwise. */
function insertedKeys(node: RootOperationNode): Record<string, unknown> {
  const n = node as {
    columns?: readonly { column?: { name?: string } }[];
    values?: { kind?: string; values?: readonly unknown[] };
  };
  const rows = n.values?.kind === 'ValuesNode' ? n.values.values : undefined;
  if (!n.columns || rows?.length !== 1) return {};
  const row = rows[0] as { kind?: string; values?: readonly unknown[] };
  const keys: Record<string, unknown> = {};
  n.columns.forEach((c, i) => {
    const name = c.column?.name;
    const raw = row.values?.[i];
    if (name === undefined) return;
    if (row.kind === 'PrimitiveValueListNode') keys[name] = raw;
    else if (row.kind === 'ValueListNode' && (raw as { kind?: string })?.kind === 'ValueNode')
      keys[name] = (raw as { value?: unknown }).value;
  });
  return keys;
}

/** The column a reference names, when it is a column of `table` (unqualified, or qualified with that name). */
function columnName(node: unknown, table: string): string | undefined {
  const n = node as
    | {
        kind?: string;
        column?: { kind?: string; column?: { name?: string } };
        table?: { table?: { identifier?: { name?: string } } };
      }
    | undefined;
  if (n?.kind !== 'ReferenceNode' || n.column?.kind !== 'ColumnNode') return undefined;
  const qualifier = n.table?.table?.identifier?.name;
  return qualifier === undefined || qualifier === table ? n.column.column?.name : undefined;
}
