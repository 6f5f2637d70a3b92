import { readFile } from "node:fs/promises";
import internals from "@prisma/internals";
import pg from "pg";

/*
 * Compares a live PostgreSQL schema with the Prisma datamodel, the way `prisma migrate diff` would if its
 * engine could run here. Both sides are reduced to the same plain snapshot (names as the database sees
 * them, types as format_type() prints them) and diffed, so any model added later is covered unchanged.
 *
 * Known blind spots, all absent from the DMMF: a custom foreign key name (@relation(map: …)) is reported
 * as drift; relationMode = "prisma", views, multiSchema and Unsupported("…") fields are not modelled.
 */

type Datamodel = Awaited<ReturnType<typeof internals.getDMMF>>["datamodel"];
type DatamodelModel = Datamodel["models"][number];
type DatamodelField = DatamodelModel["fields"][number];

export interface SchemaSnapshot {
  /** Enum type name → labels in declaration order. */
  enums: Map<string, string[]>;
  tables: Map<string, TableSnapshot>;
}

export interface TableSnapshot {
  columns: Map<string, ColumnSnapshot>;
  /** Index name → definition; includes the primary key. */
  indexes: Map<string, IndexSnapshot>;
  /** Constraint name → definition. */
  foreignKeys: Map<string, ForeignKeySnapshot>;
}

export interface ColumnSnapshot {
  /** format_type() text, or `enum <name>` (with `[]` for lists) for enum columns. */
  type: string;
  isNullable: boolean;
  default: DefaultSnapshot;
}

export type DefaultSnapshot =
  | { kind: "none" }
  | { kind: "now" }
  | { kind: "sequence" }
  /** A literal, without quotes or cast: 'manual'::text → manual. */
  | { kind: "value"; value: string }
  /** Anything else; only its presence is compared (Prisma's differ ignores dbgenerated() bodies too). */
  | { kind: "expression"; sql?: string };

export interface IndexSnapshot {
  kind: "primary" | "unique" | "index";
  /** Column names in key order, `<column> DESC` for descending keys. */
  columns: string[];
  method: string;
  isPartial: boolean;
}

export interface ForeignKeySnapshot {
  columns: string[];
  referencedTable: string;
  referencedColumns: string[];
  onDelete: string;
  onUpdate: string;
}

/** Tables owned by tooling rather than the datamodel. */
const IGNORED_TABLES = new Set(["_prisma_migrations"]);

// PostgreSQL's identifier limit: Prisma truncates generated constraint names to it.
const MAX_IDENTIFIER_BYTES = 63;

/** Returns one readable line per difference between the live database and the schema file; empty means no drift. */
export async function findSchemaDrift(databaseUrl: string, schemaPath: string): Promise<string[]> {
  const [expected, actual] = await Promise.all([
    readDatamodelSnapshot(schemaPath),
    readDatabaseSnapshot(databaseUrl),
  ]);
  return diffSchemaSnapshots(expected, actual);
}

export async function readDatamodelSnapshot(schemaPath: string): Promise<SchemaSnapshot> {
  const dmmf = await internals.getDMMF({ datamodel: await readFile(schemaPath, "utf8") });
  return snapshotDatamodel(dmmf.datamodel);
}

/** The schema the datamodel asks for, named and typed as Prisma Migrate would create it on PostgreSQL. */
export function snapshotDatamodel(datamodel: Datamodel): SchemaSnapshot {
  const modelsByName = new Map(datamodel.models.map((model) => [model.name, model]));
  const enumsByName = new Map(datamodel.enums.map((enumType) => [enumType.name, enumType]));
  const snapshot: SchemaSnapshot = { enums: new Map(), tables: new Map() };

  for (const enumType of datamodel.enums) {
    snapshot.enums.set(
      enumType.dbName ?? enumType.name,
      enumType.values.map((value) => value.dbName ?? value.name),
    );
  }

  const tableName = (model: DatamodelModel) => model.dbName ?? model.name;
  const columnName = (model: DatamodelModel, fieldName: string) => {
    const field = model.fields.find((candidate) => candidate.name === fieldName);
    if (!field) throw new Error(`Field ${model.name}.${fieldName} is not in the datamodel`);
    return field.dbName ?? field.name;
  };

  for (const model of datamodel.models) {
    const table = tableName(model);
    const columns = new Map<string, ColumnSnapshot>();
    for (const field of model.fields) {
      if (field.kind === "object") continue;
      columns.set(field.dbName ?? field.name, {
        type: expectedColumnType(field, enumsByName),
        // Prisma creates scalar lists without NOT NULL.
        isNullable: field.isList || !field.isRequired,
        default: expectedDefault(field, enumsByName),
      });
    }

    const indexes = new Map<string, IndexSnapshot>();
    for (const index of datamodel.indexes.filter((candidate) => candidate.model === model.name)) {
      const keyColumns = index.fields.map((field) => columnName(model, field.name));
      const kind = index.type === "id" ? "primary" : index.type === "unique" ? "unique" : "index";
      if (index.type === "fulltext")
        throw new Error(`${model.name}: @@fulltext does not exist on PostgreSQL`);
      const name =
        index.dbName ??
        (kind === "primary"
          ? truncateIdentifier(table, "_pkey")
          : truncateIdentifier(
              `${table}_${keyColumns.join("_")}`,
              kind === "unique" ? "_key" : "_idx",
            ));
      indexes.set(name, {
        kind,
        columns: index.fields.map((field, position) =>
          field.sortOrder === "desc"
            ? `${keyColumns[position]} DESC`
            : (keyColumns[position] as string),
        ),
        method: (index.algorithm ?? "BTree").toLowerCase(),
        isPartial: false,
      });
    }

    const foreignKeys = new Map<string, ForeignKeySnapshot>();
    for (const field of model.fields) {
      if (field.kind !== "object" || !field.relationFromFields?.length) continue;
      const target = modelsByName.get(field.type);
      if (!target)
        throw new Error(`${model.name}.${field.name} points at unknown model ${field.type}`);
      const fkColumns = field.relationFromFields.map((name) => columnName(model, name));
      const isOptional = field.relationFromFields.some(
        (name) => !model.fields.find((f) => f.name === name)?.isRequired,
      );
      foreignKeys.set(truncateIdentifier(`${table}_${fkColumns.join("_")}`, "_fkey"), {
        columns: fkColumns,
        referencedTable: tableName(target),
        referencedColumns: (field.relationToFields ?? []).map((name) => columnName(target, name)),
        // Prisma's referential action defaults: Restrict for required relations, SetNull for optional ones.
        onDelete: referentialAction(
          field.relationOnDelete ?? (isOptional ? "SetNull" : "Restrict"),
        ),
        onUpdate: referentialAction(field.relationOnUpdate ?? "Cascade"),
      });
    }

    snapshot.tables.set(table, { columns, indexes, foreignKeys });
  }

  addImplicitManyToManyTables(datamodel, snapshot, enumsByName);
  return snapshot;
}

/** Implicit m-n relations get a join table `_<relation>` with columns A and B (models in name order). */
function addImplicitManyToManyTables(
  datamodel: Datamodel,
  snapshot: SchemaSnapshot,
  enumsByName: Map<string, Datamodel["enums"][number]>,
): void {
  const seen = new Set<string>();
  for (const model of datamodel.models) {
    for (const field of model.fields) {
      if (
        field.kind !== "object" ||
        !field.isList ||
        !field.relationName ||
        seen.has(field.relationName)
      )
        continue;
      const target = datamodel.models.find((candidate) => candidate.name === field.type);
      const back = target?.fields.find(
        (candidate) =>
          candidate.relationName === field.relationName &&
          (candidate !== field || target === model),
      );
      if (!target || !back?.isList) continue;
      seen.add(field.relationName);

      const [first, second] = [model, target].sort((a, b) =>
        a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
      );
      const table = `_${field.relationName}`;
      const columns = new Map<string, ColumnSnapshot>();
      const foreignKeys = new Map<string, ForeignKeySnapshot>();
      for (const [column, side] of [
        ["A", first],
        ["B", second],
      ] as const) {
        const idField = side?.fields.find((candidate) => candidate.isId);
        if (!side || !idField)
          throw new Error(`${table}: implicit m-n needs a single-field @id on ${side?.name}`);
        columns.set(column, {
          type: expectedColumnType(idField, enumsByName),
          isNullable: false,
          default: { kind: "none" },
        });
        foreignKeys.set(`${table}_${column}_fkey`, {
          columns: [column],
          referencedTable: side.dbName ?? side.name,
          referencedColumns: [idField.dbName ?? idField.name],
          onDelete: "CASCADE",
          onUpdate: "CASCADE",
        });
      }
      const indexes = new Map<string, IndexSnapshot>([
        [
          `${table}_AB_pkey`,
          { kind: "primary", columns: ["A", "B"], method: "btree", isPartial: false },
        ],
        [`${table}_B_index`, { kind: "index", columns: ["B"], method: "btree", isPartial: false }],
      ]);
      snapshot.tables.set(table, { columns, indexes, foreignKeys });
    }
  }
}

const NATIVE_TYPES: Record<string, (args: string[]) => string> = {
  Text: () => "text",
  Char: ([length]) => `character(${length ?? 1})`,
  VarChar: ([length]) => (length ? `character varying(${length})` : "character varying"),
  Bit: ([length]) => `bit(${length ?? 1})`,
  VarBit: ([length]) => (length ? `bit varying(${length})` : "bit varying"),
  Uuid: () => "uuid",
  Xml: () => "xml",
  Inet: () => "inet",
  Citext: () => "citext",
  Money: () => "money",
  Oid: () => "oid",
  SmallInt: () => "smallint",
  Integer: () => "integer",
  BigInt: () => "bigint",
  Real: () => "real",
  DoublePrecision: () => "double precision",
  Decimal: ([precision, scale]) => (precision ? `numeric(${precision},${scale ?? 0})` : "numeric"),
  Boolean: () => "boolean",
  Date: () => "date",
  Timestamp: ([precision]) => `timestamp${precision ? `(${precision})` : ""} without time zone`,
  Timestamptz: ([precision]) => `timestamp${precision ? `(${precision})` : ""} with time zone`,
  Time: ([precision]) => `time${precision ? `(${precision})` : ""} without time zone`,
  Timetz: ([precision]) => `time${precision ? `(${precision})` : ""} with time zone`,
  Json: () => "json",
  JsonB: () => "jsonb",
  ByteA: () => "bytea",
};

// What Prisma picks on PostgreSQL when a field has no @db attribute.
const DEFAULT_TYPES: Record<string, string> = {
  String: "text",
  Boolean: "boolean",
  Int: "integer",
  BigInt: "bigint",
  Float: "double precision",
  Decimal: "numeric(65,30)",
  DateTime: "timestamp(3) without time zone",
  Json: "jsonb",
  Bytes: "bytea",
};

function expectedColumnType(
  field: DatamodelField,
  enumsByName: Map<string, Datamodel["enums"][number]>,
): string {
  const list = field.isList ? "[]" : "";
  if (field.kind === "enum") {
    const enumType = enumsByName.get(field.type);
    return `enum ${enumType?.dbName ?? field.type}${list}`;
  }
  const nativeType = field.nativeType as [string, string[]] | null | undefined;
  if (nativeType) {
    const [name, args] = nativeType;
    const render = NATIVE_TYPES[name];
    return `${render ? render(args) : `@db.${name}(${args.join(", ")})`}${list}`;
  }
  return `${DEFAULT_TYPES[field.type] ?? `Prisma type ${field.type}`}${list}`;
}

/** Defaults Prisma generates client-side, which leave no trace in the database. */
const CLIENT_SIDE_DEFAULTS = new Set(["uuid", "cuid", "nanoid", "ulid"]);

function expectedDefault(
  field: DatamodelField,
  enumsByName: Map<string, Datamodel["enums"][number]>,
): DefaultSnapshot {
  const value = field.default as unknown;
  if (value === undefined || value === null) return { kind: "none" };
  if (Array.isArray(value)) return { kind: "expression" };
  if (typeof value === "object") {
    const { name } = value as { name: string };
    if (CLIENT_SIDE_DEFAULTS.has(name)) return { kind: "none" };
    if (name === "now") return { kind: "now" };
    if (name === "autoincrement" || name === "sequence") return { kind: "sequence" };
    return { kind: "expression" };
  }
  if (field.kind === "enum") {
    const enumValue = enumsByName
      .get(field.type)
      ?.values.find((candidate) => candidate.name === value);
    return { kind: "value", value: enumValue?.dbName ?? String(value) };
  }
  // A DateTime literal is stored reformatted by PostgreSQL; compare its presence only.
  if (field.type === "DateTime") return { kind: "expression" };
  return { kind: "value", value: String(value) };
}

function referentialAction(action: string): string {
  const actions: Record<string, string> = {
    Cascade: "CASCADE",
    Restrict: "RESTRICT",
    NoAction: "NO ACTION",
    SetNull: "SET NULL",
    SetDefault: "SET DEFAULT",
  };
  return actions[action] ?? action;
}

/** Prisma's constraint-name rule: cut the stem (on a character boundary) so stem + suffix fits in 63 bytes. */
function truncateIdentifier(stem: string, suffix: string): string {
  const limit = MAX_IDENTIFIER_BYTES - suffix.length;
  let cut = stem;
  while (Buffer.byteLength(cut) > limit) cut = cut.slice(0, -1);
  return `${cut}${suffix}`;
}

/** The schema as it is, read from the catalogs of the connection's current schema. */
export async function readDatabaseSnapshot(databaseUrl: string): Promise<SchemaSnapshot> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await snapshotDatabase(client);
  } finally {
    await client.end();
  }
}

async function snapshotDatabase(client: pg.Client): Promise<SchemaSnapshot> {
  // Plain queries (no parameters) so the embedded server, which multiplexes sessions, handles them atomically.
  const enums = await client.query<{ name: string; labels: string[] }>(`
    SELECT t.typname AS name, array_agg(e.enumlabel ORDER BY e.enumsortorder)::text[] AS labels
    FROM pg_type t
    JOIN pg_enum e ON e.enumtypid = t.oid
    JOIN pg_namespace n ON n.oid = t.typnamespace
    WHERE n.nspname = current_schema()
    GROUP BY t.typname`);

  // A partition is storage of its parent's table (the model), not a table of its own.
  const tables = await client.query<{ name: string }>(`
    SELECT c.relname AS name
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition`);

  const columns = await client.query<{
    table_name: string;
    name: string;
    type: string;
    is_nullable: boolean;
    default_sql: string | null;
  }>(`
    SELECT c.relname AS table_name,
           a.attname AS name,
           CASE
             WHEN t.typtype = 'e' THEN 'enum ' || t.typname
             WHEN et.typtype = 'e' THEN 'enum ' || et.typname || '[]'
             ELSE format_type(a.atttypid, a.atttypmod)
           END AS type,
           NOT a.attnotnull AS is_nullable,
           pg_get_expr(d.adbin, d.adrelid) AS default_sql
    FROM pg_attribute a
    JOIN pg_class c ON c.oid = a.attrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_type t ON t.oid = a.atttypid
    LEFT JOIN pg_type et ON et.oid = t.typelem AND t.typcategory = 'A'
    LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition AND a.attnum > 0 AND NOT a.attisdropped`);

  const indexes = await client.query<{
    table_name: string;
    name: string;
    is_primary: boolean;
    is_unique: boolean;
    method: string;
    is_partial: boolean;
    columns: string[];
  }>(`
    SELECT t.relname AS table_name,
           i.relname AS name,
           x.indisprimary AS is_primary,
           x.indisunique AS is_unique,
           am.amname AS method,
           x.indpred IS NOT NULL AS is_partial,
           ARRAY(
             SELECT CASE WHEN k.attnum = 0 THEN pg_get_indexdef(x.indexrelid, k.position::int, true) ELSE a.attname::text END
                    || CASE WHEN (x.indoption[k.position - 1] & 1) = 1 THEN ' DESC' ELSE '' END
             FROM unnest(x.indkey::int2[]) WITH ORDINALITY AS k(attnum, position)
             LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
             WHERE k.position <= x.indnkeyatts
             ORDER BY k.position
           )::text[] AS columns
    FROM pg_index x
    JOIN pg_class i ON i.oid = x.indexrelid
    JOIN pg_class t ON t.oid = x.indrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    JOIN pg_am am ON am.oid = i.relam
    WHERE n.nspname = current_schema() AND t.relkind IN ('r', 'p') AND NOT t.relispartition
      -- An exclusion constraint's index (meetings_host_no_overlap) is a constraint Prisma cannot model.
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid AND c.contype = 'x')`);

  const foreignKeys = await client.query<{
    table_name: string;
    name: string;
    columns: string[];
    referenced_table: string;
    referenced_columns: string[];
    on_delete: string;
    on_update: string;
  }>(`
    SELECT t.relname AS table_name,
           con.conname AS name,
           ARRAY(
             SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY AS k(attnum, position)
             JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum ORDER BY k.position
           )::text[] AS columns,
           rt.relname AS referenced_table,
           ARRAY(
             SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY AS k(attnum, position)
             JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum ORDER BY k.position
           )::text[] AS referenced_columns,
           con.confdeltype AS on_delete,
           con.confupdtype AS on_update
    FROM pg_constraint con
    JOIN pg_class t ON t.oid = con.conrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    JOIN pg_class rt ON rt.oid = con.confrelid
    WHERE con.contype = 'f' AND n.nspname = current_schema()`);

  const snapshot: SchemaSnapshot = {
    enums: new Map(enums.rows.map((row) => [row.name, row.labels])),
    tables: new Map(),
  };
  for (const row of tables.rows) {
    if (IGNORED_TABLES.has(row.name)) continue;
    snapshot.tables.set(row.name, {
      columns: new Map(),
      indexes: new Map(),
      foreignKeys: new Map(),
    });
  }
  for (const row of columns.rows) {
    snapshot.tables.get(row.table_name)?.columns.set(row.name, {
      type: row.type,
      isNullable: row.is_nullable,
      default: parseDefault(row.default_sql),
    });
  }
  for (const row of indexes.rows) {
    snapshot.tables.get(row.table_name)?.indexes.set(row.name, {
      kind: row.is_primary ? "primary" : row.is_unique ? "unique" : "index",
      columns: row.columns,
      method: row.method,
      isPartial: row.is_partial,
    });
  }
  const actions: Record<string, string> = {
    a: "NO ACTION",
    r: "RESTRICT",
    c: "CASCADE",
    n: "SET NULL",
    d: "SET DEFAULT",
  };
  for (const row of foreignKeys.rows) {
    snapshot.tables.get(row.table_name)?.foreignKeys.set(row.name, {
      columns: row.columns,
      referencedTable: row.referenced_table,
      referencedColumns: row.referenced_columns,
      onDelete: actions[row.on_delete] ?? row.on_delete,
      onUpdate: actions[row.on_update] ?? row.on_update,
    });
  }
  return snapshot;
}

function parseDefault(sql: string | null): DefaultSnapshot {
  if (sql === null) return { kind: "none" };
  const trimmed = sql.trim();
  if (/^nextval\(/i.test(trimmed)) return { kind: "sequence" };
  if (/^(CURRENT_TIMESTAMP|now\(\))$/i.test(trimmed)) return { kind: "now" };
  const literal = /^'((?:[^']|'')*)'(?:::[\w\s."[\]()]+)?$/.exec(trimmed);
  if (literal) return { kind: "value", value: (literal[1] ?? "").replaceAll("''", "'") };
  if (/^\(?-?\d+(\.\d+)?\)?$/.test(trimmed))
    return { kind: "value", value: trimmed.replace(/[()]/g, "") };
  if (/^(true|false)$/i.test(trimmed)) return { kind: "value", value: trimmed.toLowerCase() };
  return { kind: "expression", sql: trimmed };
}

/** Every difference, phrased as "<object>: <datamodel> vs <database>". */
export function diffSchemaSnapshots(expected: SchemaSnapshot, actual: SchemaSnapshot): string[] {
  const differences: string[] = [];

  for (const [name, labels] of expected.enums) {
    const actualLabels = actual.enums.get(name);
    if (!actualLabels) differences.push(`enum "${name}": missing in the database`);
    else if (actualLabels.join(",") !== labels.join(","))
      differences.push(
        `enum "${name}": values [${labels.join(", ")}] in the datamodel, [${actualLabels.join(", ")}] in the database`,
      );
  }
  for (const name of actual.enums.keys()) {
    if (!expected.enums.has(name))
      differences.push(`enum "${name}": in the database but not in the datamodel`);
  }

  for (const [tableName, table] of expected.tables) {
    const actualTable = actual.tables.get(tableName);
    if (!actualTable) {
      differences.push(`table "${tableName}": missing in the database`);
      continue;
    }
    differences.push(...diffTable(tableName, table, actualTable));
  }
  for (const tableName of actual.tables.keys()) {
    if (!expected.tables.has(tableName))
      differences.push(`table "${tableName}": in the database but not in the datamodel`);
  }

  return differences;
}

function diffTable(tableName: string, expected: TableSnapshot, actual: TableSnapshot): string[] {
  const differences: string[] = [];

  for (const [name, column] of expected.columns) {
    const where = `column ${tableName}.${name}`;
    const actualColumn = actual.columns.get(name);
    if (!actualColumn) {
      differences.push(`${where}: missing in the database`);
      continue;
    }
    if (actualColumn.type !== column.type)
      differences.push(
        `${where}: type ${column.type} in the datamodel, ${actualColumn.type} in the database`,
      );
    if (actualColumn.isNullable !== column.isNullable)
      differences.push(
        `${where}: ${column.isNullable ? "nullable" : "NOT NULL"} in the datamodel, ${actualColumn.isNullable ? "nullable" : "NOT NULL"} in the database`,
      );
    if (!defaultsMatch(column.default, actualColumn.default))
      differences.push(
        `${where}: default ${describeDefault(column.default)} in the datamodel, ${describeDefault(actualColumn.default)} in the database`,
      );
  }
  for (const name of actual.columns.keys()) {
    if (!expected.columns.has(name))
      differences.push(`column ${tableName}.${name}: in the database but not in the datamodel`);
  }

  for (const [name, index] of expected.indexes) {
    const where = `${index.kind === "primary" ? "primary key" : index.kind === "unique" ? "unique index" : "index"} "${name}" on ${tableName}`;
    const actualIndex = actual.indexes.get(name);
    if (!actualIndex) {
      differences.push(
        `${where}: missing in the database${describeSameColumns(index, actual.indexes)}`,
      );
      continue;
    }
    const describe = (i: IndexSnapshot) =>
      `${i.kind} ${i.method} (${i.columns.join(", ")})${i.isPartial ? " WHERE …" : ""}`;
    if (describe(actualIndex) !== describe(index))
      differences.push(
        `${where}: ${describe(index)} in the datamodel, ${describe(actualIndex)} in the database`,
      );
  }
  for (const [name, index] of actual.indexes) {
    if (!expected.indexes.has(name))
      differences.push(
        `${index.kind === "primary" ? "primary key" : index.kind === "unique" ? "unique index" : "index"} "${name}" on ${tableName}: in the database but not in the datamodel`,
      );
  }

  const describeForeignKey = (fk: ForeignKeySnapshot) =>
    `(${fk.columns.join(", ")}) → ${fk.referencedTable}(${fk.referencedColumns.join(", ")}) ON DELETE ${fk.onDelete} ON UPDATE ${fk.onUpdate}`;
  for (const [name, fk] of expected.foreignKeys) {
    const where = `foreign key "${name}" on ${tableName}`;
    const actualFk = actual.foreignKeys.get(name);
    if (!actualFk)
      differences.push(`${where}: missing in the database (expected ${describeForeignKey(fk)})`);
    else if (describeForeignKey(actualFk) !== describeForeignKey(fk))
      differences.push(
        `${where}: ${describeForeignKey(fk)} in the datamodel, ${describeForeignKey(actualFk)} in the database`,
      );
  }
  for (const [name, fk] of actual.foreignKeys) {
    if (!expected.foreignKeys.has(name))
      differences.push(
        `foreign key "${name}" on ${tableName}: in the database but not in the datamodel (${describeForeignKey(fk)})`,
      );
  }

  return differences;
}

/** Points at a renamed index: same definition under another name. */
function describeSameColumns(
  index: IndexSnapshot,
  actualIndexes: Map<string, IndexSnapshot>,
): string {
  for (const [name, candidate] of actualIndexes) {
    if (candidate.kind === index.kind && candidate.columns.join(",") === index.columns.join(","))
      return ` (an equal one is named "${name}")`;
  }
  return "";
}

function defaultsMatch(expected: DefaultSnapshot, actual: DefaultSnapshot): boolean {
  if (expected.kind === "expression") return actual.kind !== "none";
  if (expected.kind !== actual.kind) return false;
  if (expected.kind === "value" && actual.kind === "value") {
    const [a, b] = [Number(expected.value), Number(actual.value)];
    const areNumbers =
      expected.value.trim() !== "" &&
      actual.value.trim() !== "" &&
      !Number.isNaN(a) &&
      !Number.isNaN(b);
    return areNumbers ? a === b : expected.value === actual.value;
  }
  return true;
}

function describeDefault(value: DefaultSnapshot): string {
  switch (value.kind) {
    case "none":
      return "none";
    case "now":
      return "now()";
    case "sequence":
      return "autoincrement()";
    case "value":
      return `'${value.value}'`;
    case "expression":
      return value.sql ?? "a database expression";
  }
}
