import type { OverlayAlert } from '@shop/dispatch';
import { describe, expect, it } from 'vitest';
import { fakeSocket } from './fake-socket.test-support';
import { OverlayHub, UNKNOWN_OVERLAY } from './overlay-hub';

const alert = (alertId: string): OverlayAlert => ({
  alertId,
  viewer: 'v',
  actionName: 'Horn',
  imageUrl: null,
  cost: 1,
});
const ack = (alertId: string) => ({ type: 'overlay_ack', alertId });
/** Lets any resolution an ack caused run. */
const flush = () => new Promise((resolve) => setImmediate(resolve));

/** A show() whose outcome the test can read without awaiting it. */
function watch(promise: Promise<void>) {
  const state = { settled: 'pending' as 'pending' | 'acked' | 'aborted' };
  promise.then(
    () => {
      state.settled = 'acked';
    },
    () => {
      state.settled = 'aborted';
    },
  );
  return state;
}

describe('OverlayHub acks', () => {
  it('counts an ack only from an overlay socket that was sent that alert', async () => {
    const hub = new OverlayHub(() => 0);
    const shown = fakeSocket();
    const otherEndpoint = fakeSocket();
    hub.add('stream', 'token-stream', shown.socket);
    hub.add('studio', 'token-studio', otherEndpoint.socket);
    const controller = new AbortController();
    const state = watch(hub.show('stream', alert('delivery_1'), controller.signal));
    expect(shown.sent).toHaveLength(1);
    expect(otherEndpoint.sent).toHaveLength(0);

    // Another endpoint's overlay, and one of the same endpoint that opened after the alert went out,
    // can guess the id; neither was shown the alert.
    const openedLater = fakeSocket();
    hub.add('stream', 'token-stream', openedLater.socket);
    otherEndpoint.receive(ack('delivery_1'));
    openedLater.receive(ack('delivery_1'));
    await flush();
    expect(state.settled).toBe('pending');

    shown.receive(ack('delivery_1'));
    await flush();
    expect(state.settled).toBe('acked');
  });

  it("an overlay's ack completes its own endpoint's alert, not another endpoint's with the same id", async () => {
    const hub = new OverlayHub(() => 0);
    const stream = fakeSocket();
    const studio = fakeSocket();
    hub.add('stream', 'token-stream', stream.socket);
    hub.add('studio', 'token-studio', studio.socket);
    const controller = new AbortController();
    const onStream = watch(hub.show('stream', alert('same'), controller.signal));
    const onStudio = watch(hub.show('studio', alert('same'), controller.signal));
    studio.receive(ack('same'));
    await flush();
    expect([onStream.settled, onStudio.settled]).toEqual(['pending', 'acked']);
    controller.abort(new Error('done'));
    await flush();
    expect(onStream.settled).toBe('aborted');
  });

  it('closes the overlays opened with a token that was disconnected, even one whose lookup was under way', () => {
    const hub = new OverlayHub(() => 0);
    const open = fakeSocket();
    const pending = fakeSocket();
    const fresh = fakeSocket();
    hub.add('stream', 'old-token', open.socket);
    const mark = hub.disconnectMark();
    hub.disconnect('old-token');
    expect(open.closedWith).toEqual(UNKNOWN_OVERLAY);
    expect(hub.add('stream', 'old-token', pending.socket, mark)).toBe(false);
    expect(pending.closedWith).toEqual(UNKNOWN_OVERLAY);
    expect(hub.add('stream', 'new-token', fresh.socket, mark)).toBe(true);
    expect(fresh.closedWith).toBeNull();
    expect(hub.openCount('stream')).toBe(1);
  });
});

describe("OverlayHub 'Up next'", () => {
  const list = [{ actionName: 'Horn', viewer: 'Ann' }];
  const upNextOf = (sent: string[]) =>
    sent.map((text) => JSON.parse(text)).filter((m: { type: string }) => m.type === 'overlay_up_next');

  it('sends the list only to overlays with the setting, once per change', () => {
    const hub = new OverlayHub(() => 0);
    let wanted = 0;
    hub.onUpNextWanted(() => wanted++);
    const plain = fakeSocket();
    hub.add('stream', 'token-plain', plain.socket);
    expect(hub.wantsUpNext()).toBe(false);
    expect(wanted).toBe(0);
    const shown = fakeSocket();
    hub.add('stream', 'token-shown', shown.socket, hub.disconnectMark(), { on: true, mark: hub.upNextMark() });
    expect(hub.wantsUpNext()).toBe(true);
    expect(wanted).toBe(1);
    hub.sendUpNext(list);
    hub.sendUpNext(list);
    expect(upNextOf(shown.sent)).toEqual([{ type: 'overlay_up_next', items: list }]);
    expect(plain.sent).toEqual([]);
    // Switched off: an empty list hides it, and nothing more is sent.
    hub.setUpNext('token-shown', false);
    hub.sendUpNext([]);
    expect(upNextOf(shown.sent).at(-1)).toEqual({ type: 'overlay_up_next', items: [] });
    expect(upNextOf(shown.sent)).toHaveLength(2);
    expect(hub.wantsUpNext()).toBe(false);
  });

  it('a switch heard while the socket was looked up wins over the lookup', () => {
    const hub = new OverlayHub(() => 0);
    const mark = hub.upNextMark();
    hub.setUpNext('token-a', true);
    hub.setUpNext('token-b', false);
    const a = fakeSocket();
    hub.add('stream', 'token-a', a.socket, hub.disconnectMark(), { on: false, mark });
    const b = fakeSocket();
    hub.add('stream', 'token-b', b.socket, hub.disconnectMark(), { on: true, mark });
    hub.sendUpNext(list);
    expect(upNextOf(a.sent)).toHaveLength(1);
    expect(b.sent).toEqual([]);
  });
});
