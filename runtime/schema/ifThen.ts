import type { JsonSchema } from './types.ts';

/** JSON Schema's if/then. The keyword is named `then`, which the linter mistakes for a thenable. */
export function ifThen(condition: JsonSchema, consequence: JsonSchema): { if: JsonSchema; then: JsonSchema } {
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema keyword, never awaited
  return { if: condition, then: consequence };
}
