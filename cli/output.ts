// Where the commands write, injectable so a test can run a command in-process and read what it said.
export interface Output {
  out(text: string): void;
  err(text: string): void;
}

export const processOutput: Output = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

/** Exit statuses: 1 means the schemas have problems (or the output is stale), 2 that the command was misused. */
export const EXIT = { ok: 0, problems: 1, usage: 2 } as const;

/** Thrown for a mistake in how the command was called rather than in the schemas. */
export class UsageError extends Error {}
