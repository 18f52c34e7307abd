import { sslCheck } from '../../diagnostics/ssl-check';
import { adminProcedure } from '../../trpc';
import { checkSslMeta, ZCheckSslOutput } from './check-ssl.types';

/** How this very request reached the server. */
export const checkSsl = adminProcedure
  .meta(checkSslMeta)
  .output(ZCheckSslOutput)
  .query(({ ctx }) => sslCheck(ctx.request, ctx.ip, ctx.services.config.trustProxy));
