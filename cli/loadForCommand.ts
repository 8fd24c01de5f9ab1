// The commands share one way to load a folder: a missing or empty folder is a usage mistake
// (exit 2), not a schema problem.
import { stat } from 'node:fs/promises';
import { type LoadResult, loadSchemaDir } from '../runtime/schema/load.ts';
import { UsageError } from './output.ts';

export async function loadForCommand(dir: string): Promise<LoadResult> {
  const info = await stat(dir).catch(() => undefined);
  if (!info?.isDirectory()) throw new UsageError(`schema folder not found: ${dir}`);
  const result = await loadSchemaDir(dir);
  if (result.resources.length === 0 && result.problems.length === 0) {
    throw new UsageError(`no resource schemas (*.yaml, *.yml) in ${dir}`);
  }
  return result;
}
