/**
 * The last revocations this process heard (ended sessions, replaced overlay tokens), numbered in the
 * order they arrived. A socket's credential is looked up before its upgrade completes, and a
 * revocation landing between that lookup and the socket's registration would miss the socket. So an
 * upgrade takes a mark before its lookup, and registration asks whether anything heard since then
 * names its credential. A revocation heard before the mark needs no check: it was published after
 * its database change committed, so the lookup already saw that change.
 */
export class RevocationLog<T> {
  private last = 0;
  private entries: { seq: number; item: T }[] = [];

  /** Bounded: only revocations heard during a lookup in flight matter, and lookups are short. */
  constructor(private readonly limit = 256) {}

  mark(): number {
    return this.last;
  }

  record(item: T): void {
    this.last += 1;
    this.entries.push({ seq: this.last, item });
    if (this.entries.length > this.limit) this.entries.shift();
  }

  /**
   * True when a revocation heard after `mark` matches, and also when some heard after it were
   * already forgotten: refusing a socket in doubt costs a reconnect, keeping a revoked one leaks.
   */
  since(mark: number, matches: (item: T) => boolean): boolean {
    if (mark >= this.last) return false;
    const oldest = this.entries[0];
    if (!oldest || oldest.seq > mark + 1) return true;
    for (let i = this.entries.length - 1; i >= 0; i--) {
      const entry = this.entries[i];
      if (!entry || entry.seq <= mark) break;
      if (matches(entry.item)) return true;
    }
    return false;
  }
}
