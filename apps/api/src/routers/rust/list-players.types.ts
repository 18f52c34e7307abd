import { ZRustPlayerOut } from '@shop/domain';
import { z } from 'zod';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZListPlayersOutput = z.array(ZRustPlayerOut);

export const listPlayersMeta: ProcedureMeta = {
  rest: {
    method: 'GET',
    path: '/api/rust/players',
    summary: 'Players on the Rust server (for actions that target one player); cached briefly',
    tag: 'Actions',
    errors: [502, 503],
  },
};
