import type { RequestFacts } from '../../context';
import type { Config } from '../../env';

/** Where the overlay page lives: the configured public origin, else the host this request came to. */
export function originOf(ctx: {
  services: { config: Pick<Config, 'publicOrigin'> };
  request: Pick<RequestFacts, 'protocol' | 'host'>;
}): string {
  return ctx.services.config.publicOrigin ?? `${ctx.request.protocol}://${ctx.request.host}`;
}
