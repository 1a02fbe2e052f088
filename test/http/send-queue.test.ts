/** Early answers written together at the end of the event loop's turn (src/http/answer-cache/send-queue.ts). */
import { SendQueue } from '../../src/http/answer-cache/send-queue';

const turn = () => new Promise<void>((r) => setImmediate(r));

describe('SendQueue', () => {
  it('writes nothing while the turn goes on, then every send of it in order; a send that throws stops none of the others', async () => {
    const errors: unknown[] = [];
    const q = new SendQueue((e) => errors.push(e));
    const done: number[] = [];
    q.add(() => done.push(1));
    q.add(() => {
      throw new Error('socket gone');
    });
    q.add(() => done.push(3));
    await Promise.resolve();
    expect(done).toEqual([]);
    await turn();
    expect(done).toEqual([1, 3]);
    expect(errors).toHaveLength(1);
    // A send added by a send goes out in the next turn, not lost.
    q.add(() => q.add(() => done.push(5)));
    await turn();
    await turn();
    expect(done).toEqual([1, 3, 5]);
  });
});
