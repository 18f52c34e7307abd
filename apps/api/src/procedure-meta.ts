import type { RestMapping } from './rest/mapping';

// What trpc.ts's .meta() carries. It sits beside trpc.ts, not under rest/: every procedure states its
// meta, and only some of them have a REST path.

/** Who may call a procedure: set by the base procedure it is built on (trpc.ts), never by hand. */
export type Access = 'public' | 'signed-in' | 'admin';

/** tRPC's meta of every procedure: its access (from the base procedure) and its REST paths, if any. */
export interface ProcedureMeta {
  access?: Access;
  rest?: RestMapping | readonly RestMapping[];
}
