import { describe, expect, it } from 'vitest';
import { checkAllocateArguments } from '../../../../model/rocketmq/allocate/check-arguments.js';
import type { MessageQueue } from '../../../../model/rocketmq/message-queue.js';

const queues: MessageQueue[] = [{ topic: 't', brokerName: 'b', queueId: 0 }];

describe('checkAllocateArguments', () => {
  it('rejects an empty currentCID first, with Java message', () => {
    expect(checkAllocateArguments('', [], [])).toEqual({
      ok: false,
      error: 'IllegalArgumentException',
      message: 'currentCID is empty',
    });
  });

  it('rejects a null or empty mqAll next', () => {
    for (const mqAll of [null, []]) {
      expect(checkAllocateArguments('c', mqAll, [])).toEqual({
        ok: false,
        error: 'IllegalArgumentException',
        message: 'mqAll is null or mqAll empty',
      });
    }
  });

  it('rejects a null or empty cidAll last', () => {
    for (const cidAll of [null, []]) {
      expect(checkAllocateArguments('c', queues, cidAll)).toEqual({
        ok: false,
        error: 'IllegalArgumentException',
        message: 'cidAll is null or cidAll empty',
      });
    }
  });

  it('short-circuits with an empty allocation when currentCID is not in cidAll', () => {
    expect(checkAllocateArguments('c', queues, ['a', 'b'])).toEqual({ ok: true, queues: [] });
  });

  it('lets the strategy proceed when currentCID is a member', () => {
    expect(checkAllocateArguments('b', queues, ['a', 'b'])).toBeNull();
  });
});
