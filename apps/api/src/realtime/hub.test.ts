import { describe, expect, it } from 'vitest';
import { fakeSocket } from './fake-socket.test-support';
import { RealtimeHub, SESSION_ENDED } from './hub';

const receipt = (userId: number) => ({
  type: 'action_status' as const,
  historyId: 1,
  userId,
  actionName: 'Ping',
  status: 'delivered' as const,
  attempt: 1,
  maxAttempts: 4,
  nextAttemptAt: null,
  message: null,
  timestamp: '2026-01-01T00:00:00.000Z',
});

describe('RealtimeHub session revocation', () => {
  it('closes the sockets of an ended session at once and leaves the same viewer’s other sessions open', () => {
    const hub = new RealtimeHub({ socketsPerAddress: 10 });
    const ended = fakeSocket();
    const kept = fakeSocket();
    for (const s of [ended, kept]) hub.add(s.socket, '10.0.0.1');
    hub.identify(ended.socket, { userId: 7, sessionId: 'old' }, hub.revocationMark());
    hub.identify(kept.socket, { userId: 7, sessionId: 'other' }, hub.revocationMark());
    hub.endSessions({ sessionId: 'old' });
    expect(ended.closedWith).toEqual(SESSION_ENDED);
    expect(kept.closedWith).toBeNull();
    hub.broadcast(receipt(7));
    expect(kept.sent).toHaveLength(1);
  });

  it('refuses a socket whose session ended while its upgrade was still looking the session up', () => {
    const hub = new RealtimeHub({ socketsPerAddress: 10 });
    const late = fakeSocket();
    const sibling = fakeSocket();
    const mark = hub.revocationMark();
    // The lookup saw the session alive; the logout's revocation arrived before the socket was registered.
    hub.endSessions({ sessionId: 'old' });
    for (const s of [late, sibling]) hub.add(s.socket, '10.0.0.1');
    expect(hub.identify(late.socket, { userId: 7, sessionId: 'old' }, mark)).toBe(false);
    expect(late.closedWith).toEqual(SESSION_ENDED);
    expect(hub.identify(sibling.socket, { userId: 7, sessionId: 'other' }, mark)).toBe(true);
  });

  it('ends every session of a user but the one kept, also for an upgrade under way', () => {
    const hub = new RealtimeHub({ socketsPerAddress: 10 });
    const [open, keptOpen, pending, pendingKept, stranger] = [1, 2, 3, 4, 5].map(() => fakeSocket());
    if (!open || !keptOpen || !pending || !pendingKept || !stranger) throw new Error('sockets');
    for (const s of [open, keptOpen, pending, pendingKept, stranger]) hub.add(s.socket, '10.0.0.1');
    hub.identify(open.socket, { userId: 7, sessionId: 'a' }, hub.revocationMark());
    hub.identify(keptOpen.socket, { userId: 7, sessionId: 'fresh' }, hub.revocationMark());
    hub.identify(stranger.socket, { userId: 8, sessionId: 'c' }, hub.revocationMark());
    const mark = hub.revocationMark();
    hub.endSessions({ userId: 7, keep: 'fresh' });
    expect(hub.identify(pending.socket, { userId: 7, sessionId: 'b' }, mark)).toBe(false);
    expect(hub.identify(pendingKept.socket, { userId: 7, sessionId: 'fresh' }, mark)).toBe(true);
    expect([open, keptOpen, pending, pendingKept, stranger].map((s) => s.closedWith !== null)).toEqual([
      true,
      false,
      true,
      false,
      false,
    ]);
  });

  it('a revocation heard again from the bus (its own echo) changes nothing more', () => {
    const hub = new RealtimeHub({ socketsPerAddress: 10 });
    const socket = fakeSocket();
    hub.add(socket.socket, '10.0.0.1');
    hub.identify(socket.socket, { userId: 7, sessionId: 'old' }, hub.revocationMark());
    hub.deliverLocally(JSON.stringify({ type: 'sessions_ended', sessionId: 'old' }));
    expect(socket.closedWith).toEqual(SESSION_ENDED);
    // Nothing that is not a known message reaches a socket.
    hub.deliverLocally(JSON.stringify({ type: 'sessions_ended', sessionId: 'old' }));
    expect(socket.sent).toEqual([]);
  });
});
