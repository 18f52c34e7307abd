import type { RequestFacts } from '../../context';
import type { Config } from '../../env';
import { adminProcedure } from '../../trpc';
import { getStreamerbotConfigMeta, ZGetStreamerbotConfigOutput } from './get-streamerbot-config.types';

/** The webhook's absolute URL: PUBLIC_ORIGIN when set, else the origin the admin reached us on. */
function origin(ctx: {
  services: { config: Pick<Config, 'publicOrigin'> };
  request: Pick<RequestFacts, 'protocol' | 'host'>;
}): string {
  return ctx.services.config.publicOrigin ?? new URL(`${ctx.request.protocol}://${ctx.request.host}`).origin;
}

export const getStreamerbotConfig = adminProcedure
  .meta(getStreamerbotConfigMeta)
  .output(ZGetStreamerbotConfigOutput)
  .query(async ({ ctx }) => {
    const { streamerbot, config } = ctx.services;
    const [path, active] = await Promise.all([streamerbot.webhookPath(), streamerbot.active().catch(() => null)]);
    const rule = config.earning.streamerbot;
    return {
      webhookUrl: `${origin(ctx)}${path}`,
      hasSecret: active !== null,
      secretSource: active?.source ?? null,
      conversionConfig: {
        rewardTitle: rule.rewardTitle,
        conversionRate: rule.conversionRate,
        minimumPoints: rule.minimumPoints,
        maxCoinsPerRedemption: rule.maxCoinsPerRedemption,
      },
      requiredHeaders: ['Content-Type', 'X-Signature'],
    };
  });
