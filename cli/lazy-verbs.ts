/**
 * The verbs as the bin runs them: each loads its own module, the registries (the model, the catalog) and the target
 * modules its options name only when it runs, so that `mqspec --help` loads none of them and `mqspec targets` no
 * model it does not list.
 */
import type { CliContext, CliStreams } from './context.js';
import type { Verbs } from './program-definition.js';

/** The real registries over `streams`, with the in-process target modules `names` loaded (those that are module paths). */
async function contextFor(streams: CliStreams, names: ReadonlyArray<string | undefined> = [], timeout?: string): Promise<CliContext> {
  const [{ processContext }, { preloadTargetModules }] = await Promise.all([import('./process-context.js'), import('./target-modules.js')]);
  const targets = await preloadTargetModules(names.filter((name): name is string => name !== undefined), timeout);
  return { ...processContext(streams), targets };
}

/** Every verb, loading what it needs when it runs. */
export function lazyVerbs(streams: CliStreams): Verbs<'async'> {
  return {
    list: async (options) => (await import('./commands/list.js')).listCommand(options, await contextFor(streams)),
    check: async (options) => (await import('./commands/check.js')).checkCommand(options, await contextFor(streams, [options.target], options.timeout)),
    targets: async (options) => (await import('./commands/targets.js')).targetsCommand(options, await contextFor(streams)),
    explore: async (options) => (await import('./commands/explore.js')).exploreCommand(options, await contextFor(streams)),
    merge: async (files, options) => (await import('./commands/merge.js')).mergeCommand(files, options, await contextFor(streams)),
    replay: async (file, options) => {
      const { storedTargetModule } = await import('./target-invocation.js');
      const modules = options.target !== undefined || options.exec !== undefined ? [options.target] : [storedTargetModule(file)];
      return (await import('./commands/replay.js')).replayCommand(file, options, await contextFor(streams, modules, options.timeout));
    },
    report: async (options) => (await import('./commands/report.js')).reportCommand(options, await contextFor(streams)),
    trace: async (file, options) => (await import('./commands/trace.js')).traceCommand(file, options, streams),
    run: async (options) => (await import('./commands/run.js')).runCommand(options, streams),
  };
}
