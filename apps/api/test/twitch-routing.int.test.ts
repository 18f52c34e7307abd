import { listDeliveries } from '@shop/db';
import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addAction, addEndpoint, trigger, viewerWithCoins } from './delivery-helpers';
import { createTestApp, loginAs, TEST_ADMIN, type TestApp } from './helpers';
import { type ControlledWebhook, startControlledWebhook } from './stand-ins/controlled-webhook';
import { startTwitchStandIn, type TwitchStandIn } from './stand-ins/twitch-server';

/** Universal actions follow the stream's game (DESIGN.md's routing rule), read from the cached status only. */
describe.each(testDialects())('universal routing by the live stream game on %s', (dialect) => {
  let stand: TwitchStandIn;
  let t: TestApp;
  let admin: string;
  let hook: ControlledWebhook;
  let universalAction = 0;
  let fans = 0;
  const endpoints = { minecraft: 0, rust: 0, other: 0 };

  const queuedTargets = async (): Promise<(number | null)[]> => {
    const fan = await viewerWithCoins(t, `routing-fan-${++fans}`, 10);
    const res = await trigger(t, fan.cookie, universalAction);
    expect(res.statusCode, res.body).toBe(200);
    return (await listDeliveries(t.db.kysely, res.json().historyId)).map((d) => d.endpoint_id).sort();
  };
  /** Past the 30 s window, then waits for the refetch to land (no wall-clock sleeping). */
  const refetch = async () => {
    t.clock.advance(30_001);
    await t.services.stream.get();
  };

  beforeAll(async () => {
    stand = await startTwitchStandIn();
    hook = await startControlledWebhook();
    t = await createTestApp(dialect, {
      admin: TEST_ADMIN,
      twitch: stand.config,
    });
    admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    endpoints.minecraft = await addEndpoint(t, hook.url, 'minecraft', 'Survival server');
    endpoints.rust = await addEndpoint(t, hook.url, 'rust', 'Rust hook');
    endpoints.other = await addEndpoint(t, hook.url, 'other', 'Stream deck');
    universalAction = await addAction(t, { name: 'Confetti', gameType: 'any', cost: 5 });
  });
  beforeEach(() => stand.set({ failing: false }));
  afterEach(async () => assertLedgerInvariant(t.db));
  afterAll(async () => {
    await t?.close();
    await Promise.all([stand?.close(), hook?.close()]);
  });

  it('reads the stream before taking requests, so a fresh process routes its first trigger by the game', async () => {
    // This suite's app read it once while starting, with the stand-in still offline.
    expect(stand.calls('/helix/streams')).toBe(1);
    // A replica (re)started while the stream is live on Minecraft: its very first trigger goes by that.
    const live = await startTwitchStandIn({ initial: { live: true, game: 'Minecraft' } });
    const fresh = await createTestApp(dialect, { twitch: live.config });
    try {
      const minecraft = await addEndpoint(fresh, hook.url, 'minecraft', 'Survival server');
      await addEndpoint(fresh, hook.url, 'rust', 'Rust hook');
      const action = await addAction(fresh, { name: 'Confetti', gameType: 'any', cost: 5 });
      const fan = await viewerWithCoins(fresh, 'first-fan', 10);
      const res = await trigger(fresh, fan.cookie, action);
      expect(res.statusCode, res.body).toBe(200);
      const targets = await listDeliveries(fresh.db.kysely, res.json().historyId);
      expect(targets.map((d) => d.endpoint_id)).toEqual([minecraft]);
      expect(live.calls('/helix/streams')).toBe(1);
      await assertLedgerInvariant(fresh.db);
    } finally {
      await fresh.close();
      await live.close();
    }
  });

  it('sends a universal action to the minecraft and other endpoints only while live on Minecraft', async () => {
    stand.set({ live: true, game: 'Minecraft' });
    await refetch();
    expect(await queuedTargets()).toEqual([endpoints.minecraft, endpoints.other].sort());
    const preview = await t.app.inject({
      method: 'GET',
      url: '/api/admin/stream-actions/delivery-preview?gameType=any',
      headers: { cookie: admin },
    });
    expect(preview.json()).toMatchObject({ currentGame: 'minecraft' });
    expect(
      preview
        .json()
        .targets.map((e: { id: number }) => e.id)
        .sort(),
    ).toEqual([endpoints.minecraft, endpoints.other].sort());
  });

  it('sends it to rust and other while live on Rust', async () => {
    stand.set({ live: true, game: 'Rust' });
    await refetch();
    expect(await queuedTargets()).toEqual([endpoints.rust, endpoints.other].sort());
  });

  it('sends it everywhere while offline or live on another game', async () => {
    const everywhere = [endpoints.minecraft, endpoints.rust, endpoints.other].sort();
    stand.set({ live: true, game: 'Just Chatting' });
    await refetch();
    expect(await queuedTargets()).toEqual(everywhere);
    stand.set({ live: false, game: 'Minecraft' });
    await refetch();
    expect(await queuedTargets()).toEqual(everywhere);
  });

  it('keeps routing by the last known game while Twitch fails, never waiting on it', async () => {
    stand.set({ live: true, game: 'Rust' });
    await refetch();
    stand.set({ failing: true });
    await refetch();
    expect((await t.services.stream.get()).status).toMatchObject({ stale: true, gameType: 'rust' });
    expect(await queuedTargets()).toEqual([endpoints.rust, endpoints.other].sort());
  });
});
