#!/usr/bin/env node
// The package's bin: runs cli/main.ts through tsx's API, so `npx schema-admin` needs no build step.
import { tsImport } from 'tsx/esm/api';

const { run } = await tsImport('./main.ts', import.meta.url);
process.exitCode = await run(process.argv);
