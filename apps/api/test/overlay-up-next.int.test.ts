import { testDialects } from '@shop/db/testing';
import type { TOverlayUpNextItem } from '@shop/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { viewerWithCoins } from './delivery-helpers';
import { createTestApp, drainDeliveries, loginAs, TEST_ADMIN, type TestApp, testRedisUrl } from './helpers';
import { closeAll, createOverlayEndpoint, type OverlayClient, openOverlay, tokenOf, until } from './live-helpers';

/** The last 'Up next' list an overlay was sent (undefined: none yet). */
const latest = (overlay: OverlayClient): TOverlayUpNextItem[] | undefined => overlay.upNext.at(-1)?.items;

/** Waits until the overlay's last list is `expected` (the server coalesces, so lists in between may be skipped). */
async function shows(overlay: OverlayClient, expected: TOverlayUpNextItem[]): Promise<void> {
  await until(() => JSON.stringify(latest(overlay)) === JSON.stringify(expected), 5_000).catch(() => {
    throw new Error(`overlay shows ${JSON.stringify(latest(overlay))}, expected ${JSON.stringify(expected)}`);
  });
}

const item = (actionName: string, viewer: string): TOverlayUpNextItem => ({ actionName, viewer });

async function createAction(t: TestApp, admin: string, fields: Record<string, unknown>): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/stream-actions',
    headers: { cookie: admin },
    payload: { description: 'An effect', webhookAction: 'effect', cost: 10, ...fields },
  });
  expect(res.statusCode).toBe(200);
  return res.json().id as number;
}

async function hold(t: TestApp, admin: string, held: boolean): Promise<void> {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/queue/hold',
    headers: { cookie: admin },
    payload: { held },
  });
  expect(res.json()).toEqual({ held });
}

/** Viewers with a display name (Ann, Ben, ...) but the last, who shows by login name. */
async function viewers(t: TestApp, names: string[]) {
  const made = [];
  for (const [i, name] of names.entries()) {
    const viewer = await viewerWithCoins(t, name.toLowerCase(), 100);
    if (i < names.length - 1) {
      await t.db.kysely.updateTable('users').set({ display_name: name }).where('id', '=', viewer.id).execute();
    }
    made.push(viewer);
  }
  return made;
}

describe.each(testDialects())("the overlay's Up next on %s", (dialect) => {
  let t: TestApp;
  let admin: string;
  let address: string;
  const open: OverlayClient[] = [];

  beforeEach(async () => {
    t = await createTestApp(dialect, { admin: TEST_ADMIN });
    admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(async () => {
    closeAll(...open.splice(0));
    await t.close();
  });

  const overlay = async (overlayUrl: string | null) => {
    const client = await openOverlay(address, tokenOf(overlayUrl));
    open.push(client);
    return client;
  };

  const patch = (id: number, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: `/api/admin/webhook-endpoints/${id}`, headers: { cookie: admin }, payload });

  it('is an overlay-only setting, off by default, listed and editable', async () => {
    const plain = await createOverlayEndpoint(t, admin, 'studio');
    expect(plain.showUpNext).toBe(false);
    const shown = await createOverlayEndpoint(t, admin, 'stream', { showUpNext: true });
    expect(shown.showUpNext).toBe(true);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/admin/webhook-endpoints',
      headers: { cookie: admin },
      payload: { url: 'https://example.com/hook', secretKey: 's', description: 'hook', showUpNext: true },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('Show "Up next" is only for overlay:// endpoints');
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/admin/webhook-endpoints',
      headers: { cookie: admin },
      payload: { url: 'https://example.com/hook', secretKey: 's', description: 'hook' },
    });
    expect(hook.json()).toMatchObject({ showUpNext: false });
    const hookPatch = await patch(hook.json().id, { showUpNext: true });
    expect(hookPatch.statusCode).toBe(400);
    expect(hookPatch.json().message).toContain('Show "Up next" is only for overlay:// endpoints');

    expect((await patch(plain.id, { showUpNext: true })).json()).toMatchObject({ showUpNext: true });
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/webhook-endpoints', headers: { cookie: admin } });
    expect(list.json().map((e: { showUpNext: boolean }) => e.showUpNext)).toEqual([true, true, false]);
    // An overlay edited into a webhook loses the setting.
    const moved = await patch(shown.id, { url: 'https://example.com/other', secretKey: 's' });
    expect(moved.json()).toMatchObject({ showUpNext: false, overlayUrl: null });
    const row = await t.db.kysely
      .selectFrom('webhook_endpoints')
      .select('show_up_next')
      .where('id', '=', shown.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.show_up_next)).toBe(0);
  });

  it('a held queue: the next three, as they change; an overlay without the setting gets none until switched on', async () => {
    const shown = await createOverlayEndpoint(t, admin, 'stream', { showUpNext: true });
    const plain = await createOverlayEndpoint(t, admin, 'studio');
    const withList = await overlay(shown.overlayUrl);
    const without = await overlay(plain.overlayUrl);
    // On connect: the list as it stands (nothing waits yet).
    await shows(withList, []);

    await hold(t, admin, true);
    const confetti = await createAction(t, admin, { name: 'Confetti' });
    const creeper = await createAction(t, admin, { name: 'Creeper' });
    const [ann, ben, cat, dan] = await viewers(t, ['Ann', 'Ben', 'Cat', 'Dan']);
    const ids: number[] = [];
    for (const [viewer, actionId] of [
      [ann, confetti],
      [ben, creeper],
      [cat, confetti],
      [dan, creeper],
    ] as const) {
      const res = await t.trigger(viewer?.cookie ?? '', actionId);
      expect(res.json().state).toBe('held');
      ids.push(res.json().historyId as number);
    }
    await t.services.controlRoom.notifier.settle();
    await shows(withList, [item('Confetti', 'Ann'), item('Creeper', 'Ben'), item('Confetti', 'Cat')]);

    // Skipped: it leaves the list, the fourth moves up (shown by login name: no display name).
    const [first, , , fourth] = ids as [number, number, number, number];
    const skip = await t.app.inject({
      method: 'POST',
      url: `/api/admin/queue/${first}/skip`,
      headers: { cookie: admin },
    });
    expect(skip.statusCode).toBe(200);
    await t.services.controlRoom.notifier.settle();
    await shows(withList, [item('Creeper', 'Ben'), item('Confetti', 'Cat'), item('Creeper', 'dan')]);
    // Moved to the front: first in the list.
    const front = await t.app.inject({
      method: 'POST',
      url: `/api/admin/queue/${fourth}/front`,
      headers: { cookie: admin },
    });
    expect(front.statusCode).toBe(200);
    await t.services.controlRoom.notifier.settle();
    const now = [item('Creeper', 'dan'), item('Creeper', 'Ben'), item('Confetti', 'Cat')];
    await shows(withList, now);

    // A page opened now gets the list at once.
    const late = await overlay(shown.overlayUrl);
    await shows(late, now);
    // Each list went out once per change: repeats are not sent.
    const sent = withList.upNext.map((m) => JSON.stringify(m.items));
    expect(new Set(sent).size).toBe(sent.length);

    // Switched on: the other overlay gets its first list now, and had none before (one socket, in order).
    expect((await patch(plain.id, { showUpNext: true })).statusCode).toBe(200);
    await shows(without, now);
    expect(without.upNext).toHaveLength(1);
    // Switched off again: an empty list hides it.
    expect((await patch(plain.id, { showUpNext: false })).statusCode).toBe(200);
    await shows(without, []);

    // Released: everything is sent (both overlays ack), the list empties.
    await hold(t, admin, false);
    await drainDeliveries(t);
    await t.services.controlRoom.notifier.settle();
    await shows(withList, []);
    expect(without.upNext).toHaveLength(2);
    expect(without.alerts.length).toBeGreaterThan(0);
  });

  it('an approval-free queue group: the next three, one gone each time the group sends', async () => {
    const shown = await createOverlayEndpoint(t, admin, 'stream', { showUpNext: true });
    const withList = await overlay(shown.overlayUrl);
    await shows(withList, []);
    const names = ['Zombies', 'Creepers', 'Skeletons', 'Spiders'];
    const actions: number[] = [];
    for (const name of names) actions.push(await createAction(t, admin, { name, queueGroup: 'mobs', gapSeconds: 5 }));
    const [eve] = await viewers(t, ['Eve', 'eve_alt']);
    for (const actionId of actions) expect((await t.trigger(eve?.cookie ?? '', actionId)).statusCode).toBe(200);
    await t.services.controlRoom.notifier.settle();
    await shows(withList, [item('Zombies', 'Eve'), item('Creepers', 'Eve'), item('Skeletons', 'Eve')]);

    // The group sends its first (the overlay shows and acks it); the gap holds the rest.
    await drainDeliveries(t);
    await t.services.controlRoom.notifier.settle();
    expect(withList.alerts.map((a) => a.actionName)).toEqual(['Zombies']);
    await shows(withList, [item('Creepers', 'Eve'), item('Skeletons', 'Eve'), item('Spiders', 'Eve')]);
    t.clock.advance(5_000);
    await drainDeliveries(t);
    await t.services.controlRoom.notifier.settle();
    await shows(withList, [item('Skeletons', 'Eve'), item('Spiders', 'Eve')]);
    for (let i = 0; i < 2; i++) {
      t.clock.advance(5_000);
      await drainDeliveries(t);
    }
    await t.services.controlRoom.notifier.settle();
    await shows(withList, []);
    expect(withList.alerts.map((a) => a.actionName)).toEqual(names);
  });

  it('reads the queue only while an overlay wants the list, at most once per burst', async () => {
    const plain = await createOverlayEndpoint(t, admin, 'studio');
    await overlay(plain.overlayUrl);
    let reads = 0;
    const read = t.services.controlRoom.read.bind(t.services.controlRoom);
    t.services.controlRoom.read = (userId?: number) => {
      reads++;
      return read(userId);
    };
    await hold(t, admin, true);
    await t.services.controlRoom.notifier.settle();
    await t.services.overlayUpNext.settle();
    expect(reads).toBe(0);

    const shown = await createOverlayEndpoint(t, admin, 'stream', { showUpNext: true });
    const withList = await overlay(shown.overlayUrl);
    await shows(withList, []);
    reads = 0;
    const actionId = await createAction(t, admin, { name: 'Confetti' });
    const [fay] = await viewers(t, ['Fay', 'fay_alt']);
    // Ten changes announced one after another: one read now, at most one more after the pause.
    for (let i = 0; i < 10; i++) {
      await t.trigger(fay?.cookie ?? '', actionId);
      await t.services.controlRoom.notifier.settle();
    }
    await t.services.overlayUpNext.settle();
    expect(reads).toBeGreaterThanOrEqual(1);
    expect(reads).toBeLessThanOrEqual(2);
    await shows(withList, [item('Confetti', 'Fay'), item('Confetti', 'Fay'), item('Confetti', 'Fay')]);
  });
});

describe("the overlay's Up next across api processes through Redis", () => {
  const redisUrl = testRedisUrl();
  const maybe = redisUrl ? it : it.skip;
  maybe('a queue change made on one process reaches an overlay open on another', async () => {
    const a = await createTestApp('sqlite', { admin: TEST_ADMIN, redisUrl });
    const b = await a.sibling({ redisUrl });
    const clients: OverlayClient[] = [];
    try {
      const admin = await loginAs(a.app, TEST_ADMIN.username, TEST_ADMIN.password);
      const shown = await createOverlayEndpoint(a, admin, 'stream', { showUpNext: true });
      const plain = await createOverlayEndpoint(a, admin, 'studio');
      const addressB = await b.app.listen({ port: 0, host: '127.0.0.1' });
      const onB = await openOverlay(addressB, tokenOf(shown.overlayUrl));
      const plainOnB = await openOverlay(addressB, tokenOf(plain.overlayUrl));
      clients.push(onB, plainOnB);
      await shows(onB, []);
      await hold(a, admin, true);
      const actionId = await createAction(a, admin, { name: 'Far Horn' });
      const [gus] = await viewers(a, ['Gus', 'gus_alt']);
      for (let i = 0; i < 4; i++) expect((await a.trigger(gus?.cookie ?? '', actionId)).json().state).toBe('held');
      await a.services.controlRoom.notifier.settle();
      await shows(onB, [item('Far Horn', 'Gus'), item('Far Horn', 'Gus'), item('Far Horn', 'Gus')]);

      // The setting, switched on process a, reaches the page on process b.
      const res = await a.app.inject({
        method: 'PATCH',
        url: `/api/admin/webhook-endpoints/${plain.id}`,
        headers: { cookie: admin },
        payload: { showUpNext: true },
      });
      expect(res.json()).toMatchObject({ showUpNext: true });
      await shows(plainOnB, [item('Far Horn', 'Gus'), item('Far Horn', 'Gus'), item('Far Horn', 'Gus')]);
      expect(plainOnB.upNext).toHaveLength(1);
    } finally {
      closeAll(...clients);
      await b.close();
      await a.close();
    }
  });
});
