/**
 * abortOnSocketClose, the GraphQL resolvers' way to hear a client go away: the signal fires when the
 * connection closes while the answer is being made, and not after release() (a kept-alive socket that
 * closes later, after other requests, must not abort a finished one's work).
 */
import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import { abortOnSocketClose } from '../../src/http/abort-on-disconnect';

const requestOn = (socket: EventEmitter | null) => ({ raw: { socket: socket as unknown as Socket | null } });

describe('abortOnSocketClose', () => {
  it('aborts when the connection closes before the answer', () => {
    const socket = new EventEmitter();
    const { signal } = abortOnSocketClose(requestOn(socket));
    expect(signal.aborted).toBe(false);
    socket.emit('close');
    expect(signal.aborted).toBe(true);
  });

  it('after release, a close aborts nothing and no listener is left on the socket', () => {
    const socket = new EventEmitter();
    const { signal, release } = abortOnSocketClose(requestOn(socket));
    expect(socket.listenerCount('close')).toBe(1);
    release();
    expect(socket.listenerCount('close')).toBe(0);
    socket.emit('close');
    expect(signal.aborted).toBe(false);
  });

  it('an injected request (no socket, or one without events) never aborts', () => {
    expect(abortOnSocketClose(requestOn(null)).signal.aborted).toBe(false);
    const bare = { raw: { socket: {} as unknown as Socket } };
    const { signal, release } = abortOnSocketClose(bare);
    release();
    expect(signal.aborted).toBe(false);
  });
});
