import { describe, expect, it } from 'vitest';
import { startedClient } from '../../../../model/rocketmq/group/client-state.js';

describe('client state', () => {
  it('a started client holds nothing yet, and has never heartbeated or rebalanced', () => {
    const sub = { subString: '*', tagsSet: [], codeSet: [], subVersion: 3 };
    const client = startedClient({ U: sub, T: sub }, 3);
    expect(client).toMatchObject({ serviceState: 'RUNNING', processQueues: {}, localOffsets: {}, heartbeatAt: 0, rebalancedAt: 0, subscriptionChangedAt: 3 });
  });
});
