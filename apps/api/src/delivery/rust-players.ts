import type { RustPlayer } from '@shop/dispatch';

/** How long a fetched list is answered from memory: a room full of viewers must not flood the game server. */
export const RUST_PLAYERS_TTL_MS = 10_000;

/** The last Rust player list this process fetched, and when. */
export class RustPlayersCache {
  private kept: { fetchedAt: number; players: RustPlayer[] } | null = null;

  constructor(
    private readonly now: () => number,
    private readonly ttlMs = RUST_PLAYERS_TTL_MS,
  ) {}

  /** The list while it is fresh, else null (fetch it and `remember` it). */
  fresh(): RustPlayer[] | null {
    const kept = this.kept;
    return kept && this.now() - kept.fetchedAt < this.ttlMs ? kept.players : null;
  }

  remember(players: RustPlayer[]): void {
    this.kept = { fetchedAt: this.now(), players };
  }
}
