// What `npm start` (through server/start.sh) and `npm run dev` run. `--help` (or `-h`) prints
// the help and stops before anything is built, opened or listened on; otherwise `start` builds
// the app, the manifest and the server (`npm run build`) and returns, for start.sh to run the
// built server (dist-server/main.js) in its place, and `dev` starts the dev server (dev.ts).
import { spawn } from 'node:child_process';
import { helpText, readConfig } from './config.ts';
import { ensurePgliteTemplate, isNewEmbeddedFolder } from './db/pgliteTemplate.ts';

const DEV_HELP = [
  'Usage: npm run dev [-- --help]',
  '',
  "Vite's dev server for the app on VITE_PORT (default 5173; when it is taken Vite takes the next",
  'free port and prints it), with the API on PORT behind it: Vite forwards /api, /common and',
  '/uploads to API_PORT, else PORT (default 8080). Saving a schema reloads the API and the page.',
  '',
  'Configuration by environment variable:',
  '',
];

export function launchHelp(command: string): string {
  if (command !== 'dev') return helpText();
  // the server's own variables, without its usage and introduction
  const variables = helpText().split('\n').slice(4);
  return [...DEV_HELP, ...variables].join('\n');
}

async function launch(command: string, args: string[]): Promise<void> {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(launchHelp(command));
    return;
  }
  if (command === 'dev') {
    await import('./dev.ts');
    return;
  }
  if (command !== 'start') throw new Error(`unknown command ${command}: start or dev`);
  // a first start's embedded database copies an empty cluster instead of waiting for initdb: it
  // is made while the app builds, when the folder is new (db/pgliteTemplate.ts)
  const config = readConfig(process.env);
  const firstStart = isNewEmbeddedFolder(config);
  const [status] = await Promise.all([
    new Promise<number | null>((resolve) =>
      spawn('npm', ['run', 'build'], { stdio: 'inherit' }).once('exit', resolve),
    ),
    firstStart ? ensurePgliteTemplate() : undefined,
  ]);
  if (status !== 0) process.exit(status ?? 1);
}

const [command = 'start', ...args] = process.argv.slice(2);
launch(command, args).catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
