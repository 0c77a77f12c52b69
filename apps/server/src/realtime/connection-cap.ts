/**
 * At most `maxPerUser` connections per user across every node (FEATURES.md §8): the newest one
 * in closes the oldest. Every node announces each connection it opens and closes on the broker's
 * control channel, which every node (this one included) hears in one order, so all nodes agree
 * which connection is the oldest without a shared list: each node counts, for its own
 * connections only, the user's live connections announced after it, and closes one of its own
 * once `maxPerUser` newer ones are open. Memory stays at most `maxPerUser` ids per connection.
 */
export class ConnectionCap<C> {
  /** Per local connection, the ids of the user's newer connections (any node) still open. */
  private readonly newer = new Map<C, Set<string>>();
  private readonly byUser = new Map<string, Map<string, C>>();

  constructor(
    private readonly maxPerUser: number,
    private readonly closeOldest: (connection: C) => void,
  ) {}

  /** Before its announcement comes back: the connection is this node's, not yet counted. */
  add(userId: string, clientId: string, connection: C): void {
    let mine = this.byUser.get(userId);
    if (mine === undefined) this.byUser.set(userId, (mine = new Map()));
    mine.set(clientId, connection);
  }

  remove(userId: string, clientId: string, connection: C): void {
    this.newer.delete(connection);
    const mine = this.byUser.get(userId);
    if (mine === undefined) return;
    mine.delete(clientId);
    if (mine.size === 0) this.byUser.delete(userId);
  }

  /** A connection of the user opened somewhere (here too): older ones of this node count it. */
  onOpened(userId: string, clientId: string): void {
    const mine = this.byUser.get(userId);
    if (mine === undefined) return;
    for (const [id, connection] of mine) {
      if (id === clientId) {
        this.newer.set(connection, new Set());
        continue;
      }
      const seen = this.newer.get(connection);
      // Not yet counting: its own announcement is still on its way, so this one is older.
      if (seen === undefined) continue;
      seen.add(clientId);
      if (seen.size >= this.maxPerUser) {
        this.newer.delete(connection);
        this.closeOldest(connection);
      }
    }
  }

  onClosed(userId: string, clientId: string): void {
    const mine = this.byUser.get(userId);
    if (mine === undefined) return;
    for (const connection of mine.values()) this.newer.get(connection)?.delete(clientId);
  }
}
