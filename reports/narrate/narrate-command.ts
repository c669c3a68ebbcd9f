/**
 * One command of a scenario as one readable line for the edge-case report, by its system's vocabulary; a command
 * no narrator knows (a system added later, a new command) is shown as its JSON, so the report never lies about it.
 */
import type { Command } from '../../model/scenario.js';
import { narrateKafkaCommand } from './kafka-commands.js';
import { narrateRocketmqCommand } from './rocketmq-commands.js';

/** The sentence for a command of `system`, falling back to the command's JSON. */
export function narrateCommand(system: string, command: Command, setup: unknown): string {
  const fields = command as unknown as Readonly<Record<string, unknown>>;
  const sentence = system.startsWith('kafka.')
    ? narrateKafkaCommand(fields)
    : system.startsWith('rocketmq.')
      ? narrateRocketmqCommand(fields, setup)
      : undefined;
  return sentence ?? JSON.stringify(command);
}
