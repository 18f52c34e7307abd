import { listDeliveries, updateEndpoint } from '@shop/db';
import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import { type RconStandIn, startRconStandIn } from '@shop/dispatch/testing';
import { NO_RECEIVER_WARNING, TARGET_PLACEHOLDER_MESSAGE, type TDeliveryPreview } from '@shop/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addEndpoint, trigger, viewerWithCoins } from './delivery-helpers';
import { createTestApp, drainDeliveries, loginAs, registerUser, TEST_ADMIN, type TestApp } from './helpers';
import { type ControlledWebhook, startControlledWebhook } from './stand-ins/controlled-webhook';

describe.each(testDialects())('action form rules, delivery preview and universal routing on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  let rcon: RconStandIn;
  let rustHook: ControlledWebhook;
  let otherHook: ControlledWebhook;
  const endpoints = { minecraft: 0, rust: 0, other: 0, disabled: 0 };

  const api = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  const createAction = (fields: object) =>
    api('POST', '/api/admin/stream-actions', admin, { name: 'A', description: 'd', cost: 5, ...fields });
  /** null: anonymous. */
  const preview = (query: string, cookie: string | null = admin) =>
    api('GET', `/api/admin/stream-actions/delivery-preview?${query}`, cookie ?? undefined);
  const targetIds = (res: { json(): unknown }) => (res.json() as TDeliveryPreview).targets.map((e) => e.id).sort();

  beforeAll(async () => {
    t = await createTestApp(dialect, { admin: TEST_ADMIN });
    admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    viewer = (await registerUser(t.app, 'form-viewer')).cookie;
    rcon = await startRconStandIn({ password: 'mc-pass' });
    rustHook = await startControlledWebhook();
    otherHook = await startControlledWebhook();
    endpoints.minecraft = await addEndpoint(t, rcon.url, 'minecraft', 'Survival server', 'mc-pass');
    // A Rust target whose URL carries a password in its path: the preview must never show it.
    endpoints.rust = await addEndpoint(t, `${rustHook.url}/hook/pass-in-path`, 'rust', 'Rust hook');
    endpoints.other = await addEndpoint(t, otherHook.url, 'other', 'Stream deck');
    endpoints.disabled = await addEndpoint(t, otherHook.url, 'rust', 'Switched off');
    await updateEndpoint(t.db.kysely, endpoints.disabled, { active: 0 });
  });
  afterEach(async () => assertLedgerInvariant(t.db));
  afterAll(async () => {
    await t?.close();
    await Promise.all([rcon?.close(), rustHook?.close(), otherHook?.close()]);
  });

  it('refuses {target} in a global action on create, with a clear message', async () => {
    for (const fields of [
      { gameType: 'minecraft', webhookAction: 'give {target} diamond 1' },
      { gameType: 'any', webhookAction: 'say hi {target}' },
      { gameType: 'rust', targetType: 'global', webhookAction: 'inventory.giveto {target} wood 1' },
    ]) {
      const res = await createAction(fields);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ status: 'error', message: `webhookAction: ${TARGET_PLACEHOLDER_MESSAGE}` });
    }
    const individual = await createAction({
      gameType: 'rust',
      targetType: 'individual',
      webhookAction: 'inventory.giveto {target} wood 1',
    });
    expect(individual.statusCode, individual.body).toBe(200);
    expect(individual.json()).toMatchObject({
      targetType: 'individual',
      webhookAction: 'inventory.giveto {target} wood 1',
    });
  });

  it('refuses {target} in a global action on update, whichever field the update changes', async () => {
    const global = (await createAction({ gameType: 'rust', webhookAction: 'weather rain' })).json().id as number;
    const command = await api('PATCH', `/api/admin/stream-actions/${global}`, admin, {
      webhookAction: 'kill {target}',
    });
    expect(command.statusCode).toBe(400);
    expect(command.json().message).toBe(`webhookAction: ${TARGET_PLACEHOLDER_MESSAGE}`);

    const individual = (
      await createAction({ gameType: 'rust', targetType: 'individual', webhookAction: 'heal {target}' })
    ).json().id as number;
    const toGlobal = await api('PATCH', `/api/admin/stream-actions/${individual}`, admin, { targetType: 'global' });
    expect(toGlobal.statusCode).toBe(400);
    expect(toGlobal.json().message).toBe(`webhookAction: ${TARGET_PLACEHOLDER_MESSAGE}`);
    // Both at once is fine: the command no longer names a target.
    const both = await api('PATCH', `/api/admin/stream-actions/${individual}`, admin, {
      targetType: 'global',
      webhookAction: 'heal all',
    });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json()).toMatchObject({ targetType: 'global', webhookAction: 'heal all' });
  });

  it('previews delivery for admins only', async () => {
    expect((await preview('gameType=any', null)).statusCode).toBe(401);
    expect((await preview('gameType=any', viewer)).statusCode).toBe(403);
    expect((await preview('gameType=any')).statusCode).toBe(200);
  });

  it('previews which active endpoints each game type reaches, naming transports without secrets', async () => {
    const universal = await preview('gameType=any');
    expect(universal.statusCode, universal.body).toBe(200);
    expect(universal.json()).toEqual({
      targets: [
        {
          id: endpoints.minecraft,
          description: 'Survival server',
          gameType: 'minecraft',
          label: `Minecraft server at ${new URL(rcon.url).host}`,
        },
        {
          id: endpoints.rust,
          description: 'Rust hook',
          gameType: 'rust',
          label: `Webhook ${new URL(rustHook.url).origin}/…`,
        },
        {
          id: endpoints.other,
          description: 'Stream deck',
          gameType: 'other',
          label: `Webhook ${new URL(otherHook.url).origin}/…`,
        },
      ],
      warning: null,
      currentGame: null,
    });
    expect(universal.body).not.toContain('pass-in-path');
    expect(universal.body).not.toContain('mc-pass');
    expect(targetIds(await preview('gameType=minecraft'))).toEqual([endpoints.minecraft, endpoints.other].sort());
    expect(targetIds(await preview('gameType=rust&targetType=individual'))).toEqual(
      [endpoints.rust, endpoints.other].sort(),
    );
    const bad = await preview('gameType=minecraft&targetType=individual');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('targetType: Target type applies only to Rust actions');
    expect((await preview('gameType=chess')).statusCode).toBe(400);
  });

  it('warns when no active endpoint would receive an action', async () => {
    await updateEndpoint(t.db.kysely, endpoints.other, { active: 0 });
    await updateEndpoint(t.db.kysely, endpoints.rust, { active: 0 });
    try {
      const res = await preview('gameType=rust');
      expect(res.json()).toEqual({ targets: [], warning: NO_RECEIVER_WARNING, currentGame: null });
    } finally {
      await updateEndpoint(t.db.kysely, endpoints.other, { active: 1 });
      await updateEndpoint(t.db.kysely, endpoints.rust, { active: 1 });
    }
  });

  it('delivers a universal action to every active endpoint while no game is known', async () => {
    const created = await createAction({
      name: 'Confetti',
      gameType: 'any',
      cost: 7,
      webhookAction: 'say {username}!',
    });
    expect(created.statusCode, created.body).toBe(200);
    const fan = await viewerWithCoins(t, 'confetti-fan', 10);
    const res = await trigger(t, fan.cookie, created.json().id);
    expect(res.statusCode, res.body).toBe(200);
    const historyId = res.json().historyId as number;
    const queued = await listDeliveries(t.db.kysely, historyId);
    expect(queued.map((d) => d.endpoint_id).sort()).toEqual(
      [endpoints.minecraft, endpoints.rust, endpoints.other].sort(),
    );
    await drainDeliveries(t);
    expect((await listDeliveries(t.db.kysely, historyId)).map((d) => d.status)).toEqual([
      'delivered',
      'delivered',
      'delivered',
    ]);
    expect(rcon.commands).toContain('say confetti-fan!');
  });
});
