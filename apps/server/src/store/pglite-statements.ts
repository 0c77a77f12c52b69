import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import { holdingConnection } from './drivers/pglite-internals.js';

const { serialize } = protocol;

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of parts) {
    message.set(part, at);
    at += part.length;
  }
  return message;
}

/**
 * Named statements on the embedded database. PGlite's `query` sends a statement as six protocol
 * calls into the engine (parse, describe, bind, describe, execute, sync) and parses and plans it
 * every time; a hot statement here is parsed once and then runs as one call (bind, describe,
 * execute, sync). Its parameters are serialised and its rows read by the connection's own
 * serialisers and parsers, so it answers exactly as `query` would. For the few statements every
 * move runs (db.ts `preparedRows`); on PostgreSQL the driver's named statements do the same.
 */
export class PgliteStatements {
  /** Parameter types of the statements parsed on this connection, by name. */
  readonly #paramTypes = new Map<string, readonly number[]>();

  constructor(private readonly lite: PGlite) {}

  /**
   * Runs the named statement, rows as arrays. Only while the caller holds the connection: inside
   * one of its transactions (`syncToFs` false: the COMMIT syncs), or through `rowsAlone`.
   */
  async rows(name: string, text: string, values: readonly unknown[], syncToFs: boolean): Promise<unknown[][]> {
    const paramTypes = this.#paramTypes.get(name) ?? (await this.#prepare(name, text));
    const params = values.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = this.lite.serializers[paramTypes[i]!];
      return serializer ? serializer(value) : String(value as string);
    });
    const message = concat([
      serialize.bind({ statement: name, values: params }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    const { messages } = await this.lite.execProtocol(message, { syncToFs });
    return (parse.parseResults(messages, this.lite.parsers, { rowMode: 'array' })[0]?.rows ?? []) as unknown[][];
  }

  /** As `rows`, outside a transaction: waits for the connection as `query` does (PGlite's own locks). */
  async rowsAlone(name: string, text: string, values: readonly unknown[]): Promise<unknown[][]> {
    return holdingConnection(this.lite, () => this.rows(name, text, values, true));
  }

  async #prepare(name: string, text: string): Promise<readonly number[]> {
    const { messages } = await this.lite.execProtocol(
      concat([serialize.parse({ name, text, types: [] }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const description = messages.find((m) => m.name === 'parameterDescription') as { dataTypeIDs?: number[] } | undefined;
    const paramTypes = description?.dataTypeIDs ?? [];
    this.#paramTypes.set(name, paramTypes);
    return paramTypes;
  }
}
