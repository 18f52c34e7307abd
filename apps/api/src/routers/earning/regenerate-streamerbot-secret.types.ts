import { ZStreamerbotSecret } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZRegenerateStreamerbotSecretOutput = ZStreamerbotSecret;

export const regenerateStreamerbotSecretMeta: ProcedureMeta = {
  rest: {
    method: 'POST',
    path: '/api/admin/streamerbot/regenerate-secret',
    summary: 'Generate a new Streamer.bot secret (64 hex), returned once; the old one stops working at once',
    tag: 'Earning',
    description:
      'Stored encrypted (SECRETS_KEY). 409 while STREAMERBOT_WEBHOOK_SECRET is set (the environment wins); 503 in production without SECRETS_KEY.',
    errors: [409, 503],
  },
};
