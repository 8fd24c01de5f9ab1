// The maintainer's repair of references that point at rows that no longer exist: for each
// chosen `resource.field`, either clear the reference (setNull) or delete the rows holding it.
// One transaction; the foreign key itself is added by the next start (or `schema-admin db`
// shows it as the additive step it now is).
import type { Kysely } from 'kysely';
import type { Manifest } from '../../runtime/schema/types.ts';
import { type DanglingReference, type Repair, repairStatements } from './foreignKeys.ts';
import { planSchemaDiff } from './schemaDiff.ts';
import type { Db } from './tables.ts';

export interface RepairChoice {
  /** resource.field */
  target: string;
  repair: Repair;
}

export interface RepairResult {
  target: string;
  repair: Repair;
  rows: number;
}

export class RepairRefusedError extends Error {}

/** Parses `contents.categoryId=setNull`. */
export function parseRepairChoice(text: string): RepairChoice {
  const match = /^([A-Za-z][\w]*\.[A-Za-z][\w]*)=(setNull|delete)$/.exec(text.trim());
  if (!match)
    throw new RepairRefusedError(`"${text}": expected resource.field=setNull or resource.field=delete`);
  return { target: match[1], repair: match[2] as Repair };
}

export async function repairReferences(
  db: Db,
  manifest: Manifest,
  choices: RepairChoice[],
): Promise<RepairResult[]> {
  return db.transaction().execute(async (trx) => {
    const { dangling } = await planSchemaDiff(trx, manifest);
    const results: RepairResult[] = [];
    for (const choice of choices) {
      const found = dangling.filter((d: DanglingReference) => `${d.resource}.${d.field}` === choice.target);
      if (found.length === 0) {
        const known = dangling.map((d) => `${d.resource}.${d.field}`);
        throw new RepairRefusedError(
          `${choice.target} has no rows pointing at missing rows${known.length ? `; these do: ${known.join(', ')}` : ''}`,
        );
      }
      for (const broken of found) {
        if (choice.repair === 'setNull' && !broken.nullable) {
          throw new RepairRefusedError(
            `${choice.target} is required (or a link of a multiple reference), so it cannot be set to null; choose ${choice.target}=delete`,
          );
        }
        for (const statement of repairStatements(trx as unknown as Kysely<any>, broken, choice.repair))
          await trx.executeQuery(statement);
        results.push({ target: choice.target, repair: choice.repair, rows: broken.rows });
      }
    }
    return results;
  });
}
