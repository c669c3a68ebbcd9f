/**
 * How to reach the target a counterexample was found on, so that `mqspec replay FILE` runs it again without being
 * told: a bundled target by name, an in-process target module by path, a protocol program by its command line and
 * working directory. Paths are stored relative to the counterexample file's own folder, so a corpus committed with
 * the project it checks still replays after a clone elsewhere.
 */
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { z } from 'zod';

/** Where the target is on this machine (absolute paths), as the check that found the counterexample started it. */
export type TargetLocation =
  | { readonly bundled: string }
  | { readonly module: string }
  | { readonly exec: string; readonly cwd: string };

/** The same, as a corpus file stores it: `module` and `cwd` relative to the file's folder, `/`-separated. */
export type TargetReach = TargetLocation;

/** The `reach` field of a corpus file. */
export const targetReachSchema = z.union([
  z.strictObject({ bundled: z.string().min(1).describe('A bundled target by name (`mqspec targets`).') }),
  z.strictObject({ module: z.string().min(1).describe("The in-process target module, relative to the counterexample file's folder.") }),
  z.strictObject({
    exec: z.string().min(1).describe('The protocol program\'s command line.'),
    cwd: z.string().min(1).describe("The folder it ran in, relative to the counterexample file's folder."),
  }),
]);

/** A path relative to `folder`, with `/` separators (`.` for the folder itself). */
function relativeTo(folder: string, path: string): string {
  const text = relative(folder, path).split(sep).join('/');
  return text === '' ? '.' : text;
}

/** The stored form of a location, for a file in `fileFolder`. */
export function storedReach(location: TargetLocation, fileFolder: string): TargetReach {
  const folder = resolve(fileFolder);
  if ('module' in location) return { module: relativeTo(folder, location.module) };
  if ('exec' in location) return { exec: location.exec, cwd: relativeTo(folder, location.cwd) };
  return location;
}

/** The location a stored reach names, for a file in `fileFolder`. */
export function locateReach(reach: TargetReach, fileFolder: string): TargetLocation {
  const at = (path: string): string => (isAbsolute(path) ? path : resolve(fileFolder, path));
  if ('module' in reach) return { module: at(reach.module) };
  if ('exec' in reach) return { exec: reach.exec, cwd: at(reach.cwd) };
  return reach;
}
