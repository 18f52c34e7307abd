import { ZStreamerbotConfig } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZGetStreamerbotConfigOutput = ZStreamerbotConfig;

export const getStreamerbotConfigMeta: ProcedureMeta = {
  rest: {
    method: 'GET',
    path: '/api/admin/streamerbot/config',
    summary: 'The Streamer.bot webhook URL, whether a secret is set, the conversion settings and required headers',
    tag: 'Earning',
  },
};
