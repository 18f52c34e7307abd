import { testDialects } from '@shop/db/testing';
import type { TPublicActionEvent } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { addAction, addEndpoint, viewerWithCoins } from './delivery-helpers';
import { createTestApp } from './helpers';
import { closeAll, listen, until } from './live-helpers';

describe.each(testDialects())('the /ws backlog on %s', (dialect) => {
  it('sends a new socket the last 10 public events, oldest first, also after a restart', async () => {
    const t = await createTestApp(dialect);
    try {
      await addEndpoint(t, 'http://127.0.0.1:9/hook', 'other');
      const actionId = await addAction(t, { name: 'Bell', gameType: 'any', cost: 1 });
      const viewer = await viewerWithCoins(t, 'ringer', 100);
      await t.db.kysely.updateTable('users').set({ display_name: 'Bell Ringer' }).where('id', '=', viewer.id).execute();
      const times: string[] = [];
      for (let i = 0; i < 12; i++) {
        t.clock.advance(1_000);
        times.push(new Date(t.clock.value).toISOString());
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/trigger-action',
          headers: { cookie: viewer.cookie },
          payload: { actionId },
        });
        expect(res.statusCode).toBe(200);
      }
      const expected = times.slice(2).map(
        (timestamp): TPublicActionEvent => ({
          type: 'action_triggered',
          action: { name: 'Bell', cost: 1 },
          user: { username: 'ringer', displayName: 'Bell Ringer' },
          timestamp,
          success: true,
          // Sent before anything live, so a page lists them without announcing them as news.
          replay: true,
        }),
      );

      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const late = await listen(`${address.replace('http', 'ws')}/ws`);
      await until(() => late.messages.length >= 10);
      expect(late.messages).toEqual(expected);

      // Another process on the same database (or this one after a restart) starts with the same feed.
      const restarted = await t.sibling();
      try {
        const otherAddress = await restarted.app.listen({ port: 0, host: '127.0.0.1' });
        const fresh = await listen(`${otherAddress.replace('http', 'ws')}/ws`);
        await until(() => fresh.messages.length >= 10);
        expect(fresh.messages).toEqual(expected);
        closeAll(fresh);
      } finally {
        await restarted.close();
      }

      // What happens while the socket is open is news: no replay mark.
      t.clock.advance(1_000);
      const live = await t.app.inject({
        method: 'POST',
        url: '/api/trigger-action',
        headers: { cookie: viewer.cookie },
        payload: { actionId },
      });
      expect(live.statusCode).toBe(200);
      await until(() => late.messages.length >= 11);
      expect(late.messages[10]).toMatchObject({ type: 'action_triggered', action: { name: 'Bell' } });
      expect(late.messages[10]).not.toHaveProperty('replay');
      closeAll(late);
    } finally {
      await t.close();
    }
  });
});
