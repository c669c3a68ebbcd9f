import { describe, expect, it } from 'vitest';
import { rocketmqGroup } from '../../../../model/rocketmq/group/rocketmq-group.js';
import { runTrace } from '../../../../model/trace.js';

describe('commitLogGrows (environment; DefaultMessageStore.checkInDiskByCommitOffset)', () => {
  it('on a broker the cluster does not have fails as the client would name it (MQClientException)', () => {
    const trace = runTrace(rocketmqGroup, rocketmqGroup.setupSchema.parse({ topics: { T: 1 } }), [{ type: 'commitLogGrows', broker: 'broker-z' }]);
    expect(trace.steps[0]?.outcome).toEqual({ ok: false, error: 'MQClientException', message: 'The broker[broker-z] not exist' });
  });
});
