// The schema-admin command. `run` returns the exit status instead of exiting, so bin.js, the
// npm scripts (through tsx) and tests all drive the same code.
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Command, CommanderError, Option } from 'commander';
import type { Lang } from '../runtime/schema/types.ts';
import { buildCommand } from './commands/build.ts';
import { newCommand } from './commands/new.ts';
import { validateCommand } from './commands/validate.ts';
import { LANGS, localeLang } from './lang.ts';
import { EXIT, type Output, processOutput, UsageError } from './output.ts';

const DEFAULT_DIR = 'schemas';

function createProgram(output: Output, setStatus: (status: number) => void): Command {
  const program = new Command()
    .exitOverride()
    .name('schema-admin')
    .description('Validate the resource schemas and build the manifest the server and the app read')
    .configureOutput({ writeOut: output.out, writeErr: output.err });

  program
    .command('validate')
    .description('check every schema file; each problem is printed as file:line:col: key: message')
    .argument('[dir]', 'schema folder', DEFAULT_DIR)
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .addOption(
      new Option('--lang <lang>', 'language of the messages')
        .choices(LANGS)
        .default(localeLang(process.env), 'from LC_ALL, LC_MESSAGES or LANG'),
    )
    .action(async (dir: string, opts: { format: 'text' | 'json'; lang: Lang }) => {
      setStatus(await validateCommand(dir, opts, output));
    });

  program
    .command('build')
    .description(
      'write <out>/manifest.json, <out>/openapi.json (the API description) and <out>/smoke.json ' +
        '(the generated browser smoke tests) from the schema folder',
    )
    .argument('[dir]', 'schema folder', DEFAULT_DIR)
    .option('--out <dir>', 'output folder', 'generated')
    .option('--check', 'do not write; exit 1 when any file on disk is missing or stale', false)
    .action(async (dir: string, opts: { out: string; check: boolean }) => {
      setStatus(await buildCommand(dir, opts, output));
    });

  program
    .command('new')
    .description('write a starter schema <dir>/<module>/<resource>.yaml that validates as it is')
    .argument('<module/resource>', 'for example cms/notices')
    .option('--dir <dir>', 'schema folder', DEFAULT_DIR)
    .option(
      '--title <zh>',
      'the page and menu title in Chinese, e.g. 通知公告 (default: 待命名, to be replaced)',
    )
    .option('--title-en <en>', 'the title in English (default: the resource name in words)')
    .action(async (spec: string, opts: { dir: string; title?: string; titleEn?: string }) => {
      setStatus(await newCommand(spec, opts, output));
    });

  const repeatable = (value: string, previous: string[]) => [...previous, value];
  program
    .command('db')
    .description(
      'show the plan that brings the database (DATABASE_URL, or the PGlite under DATA_DIR) level with the ' +
        'schemas: the DDL, what it does to existing rows, and each step that would lose data with the flag ' +
        'that allows it; exit 1 while such a step or a reference to a missing row remains. --apply runs it. ' +
        'Refuses, and does nothing, while a server holds the PGlite folder',
    )
    .argument('[dir]', 'schema folder', DEFAULT_DIR)
    .option(
      '--apply',
      'run the plan in one transaction (refused while a step that loses data is not allowed)',
      false,
    )
    .option(
      '--allow <resource.column=drop|resource.field=retype>',
      'with --apply: make this step that loses data, after a backup; the plan prints the flag for each (repeatable)',
      repeatable,
      [] as string[],
    )
    .option(
      '--backfill <resource.field=value>',
      'with --apply: the value existing rows get in a new column (a required field without a default needs one) (repeatable)',
      repeatable,
      [] as string[],
    )
    .option('--backup-dir <dir>', 'where --apply writes its backups (default: DATA_DIR/backups)')
    .option(
      '--restore <file>',
      'put a backup back: a .tar.gz into the PGlite folder, a .sql into DATABASE_URL',
    )
    .option(
      '--repair <resource.field=setNull|delete>',
      'repair rows whose reference points at a missing row: clear the reference, or delete the rows (repeatable)',
      repeatable,
      [] as string[],
    )
    .action(
      async (
        dir: string,
        opts: {
          repair: string[];
          apply: boolean;
          allow: string[];
          backfill: string[];
          backupDir?: string;
          restore?: string;
        },
      ) => {
        // the database drivers load only for this command, so validate and build start quickly
        const { dbCommand } = await import('./commands/db.ts');
        setStatus(await dbCommand(dir, process.env, output, opts));
      },
    );

  return program;
}

export async function run(argv: string[], output: Output = processOutput): Promise<number> {
  let status: number = EXIT.ok;
  const program = createProgram(output, (s) => {
    status = s;
  });
  try {
    await program.parseAsync(argv);
    return status;
  } catch (err) {
    if (err instanceof CommanderError) {
      // help and version end with exitCode 0; every other commander error is a misuse
      return err.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (err instanceof UsageError) {
      output.err(`schema-admin: ${err.message}\n`);
      return EXIT.usage;
    }
    throw err;
  }
}

const invokedDirectly =
  process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) process.exitCode = await run(process.argv);
