/**
 * The types of each system's scenarios as a target sees them — its setup, its commands (a union discriminated by
 * `type`), its observation — by system id, so that a target written in TypeScript is checked by the compiler against
 * the same types the model is written in (one source: the model's zod schemas and observation types).
 */
import type { KafkaConsumerCommand } from '../model/kafka/consumer/commands.js';
import type { KafkaConsumerObservation } from '../model/kafka/consumer/observation.js';
import type { KafkaConsumerSetup } from '../model/kafka/consumer/setup.js';
import type { KafkaGroupCommand } from '../model/kafka/group/commands.js';
import type { KafkaGroupObservation } from '../model/kafka/group/observation.js';
import type { KafkaGroupSetup } from '../model/kafka/group/setup.js';
import type { RocketmqAllocateCommand, RocketmqAllocateSetup } from '../model/rocketmq/allocate/allocate-commands.js';
import type { RocketmqAllocateObservation } from '../model/rocketmq/allocate/allocate-system.js';
import type { RocketmqFilterCommand, RocketmqFilterSetup } from '../model/rocketmq/filter/filter-commands.js';
import type { RocketmqFilterState } from '../model/rocketmq/filter/filter-system.js';
import type { RocketmqGroupCommand } from '../model/rocketmq/group/commands.js';
import type { RocketmqGroupObservation } from '../model/rocketmq/group/observation.js';
import type { RocketmqGroupSetup } from '../model/rocketmq/group/setup.js';
import type { SystemId } from '../model/system.js';

/** Per system id: the setup a session starts from, the commands it is sent, the observation it shows. */
export interface SystemTypes {
  'kafka.consumer': { setup: KafkaConsumerSetup; command: KafkaConsumerCommand; observation: KafkaConsumerObservation };
  'kafka.group': { setup: KafkaGroupSetup; command: KafkaGroupCommand; observation: KafkaGroupObservation };
  'rocketmq.allocate': { setup: RocketmqAllocateSetup; command: RocketmqAllocateCommand; observation: RocketmqAllocateObservation };
  'rocketmq.filter': { setup: RocketmqFilterSetup; command: RocketmqFilterCommand; observation: RocketmqFilterState };
  'rocketmq.group': { setup: RocketmqGroupSetup; command: RocketmqGroupCommand; observation: RocketmqGroupObservation };
}

/** The setup of system `S` (validated, defaults filled in). */
export type SetupOf<S extends SystemId> = SystemTypes[S]['setup'];
/** The commands of system `S`: narrow one by its `type` (`if (command.type === 'hashCode') command.value`). */
export type CommandOf<S extends SystemId> = SystemTypes[S]['command'];
/** The command types of system `S` (`'hashCode' | 'deliver' | …`). */
export type CommandTypeOf<S extends SystemId> = CommandOf<S>['type'];
/** The observation of system `S`, as the model shows it (a target shows the fields it declares). */
export type ObservationOf<S extends SystemId> = SystemTypes[S]['observation'];
