// A schema problem as Vite's error overlay shows it: the first problem's file:line:col as the
// location (the overlay links it to the editor), every problem in the message.
import type { ErrorPayload } from 'vite';
import { formatProblem } from '../../runtime/schema/formatProblem.ts';
import { DestructiveSchemaChangeError } from '../db/syncTables.ts';
import { SchemaProblemsError } from '../start.ts';

export function overlayPayload(error: unknown): ErrorPayload {
  if (error instanceof SchemaProblemsError) {
    const first = error.problems[0];
    return {
      type: 'error',
      err: {
        message: `schema problems:\n${error.problems.map((p) => formatProblem(p)).join('\n')}`,
        stack: '',
        id: first?.file,
        plugin: 'schema-admin',
        loc: first ? { file: first.file, line: first.line, column: first.col } : undefined,
      },
    };
  }
  const destructive = error instanceof DestructiveSchemaChangeError;
  return {
    type: 'error',
    err: {
      message: error instanceof Error ? error.message : String(error),
      stack: destructive || !(error instanceof Error) ? '' : (error.stack ?? ''),
      plugin: 'schema-admin',
    },
  };
}
