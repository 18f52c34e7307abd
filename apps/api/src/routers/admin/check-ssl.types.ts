import { ZSslCheck } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZCheckSslOutput = ZSslCheck;

export const checkSslMeta: ProcedureMeta = {
  rest: {
    method: 'GET',
    path: '/api/ssl-check',
    summary: 'How this request arrived: protocol, Cloudflare, host, client address, headers',
    tag: 'Diagnostics',
    description:
      'X-Forwarded-Proto/-Host/-For count only as far as TRUST_PROXY allows. Cookie and Authorization are never shown.',
  },
};
