// ajv set up once with the string formats the compiled schemas use (email, uri, date, date-time,
// regex, and the address rules of runtime/schema/safeUrl.ts).
import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { URL_FORMATS } from './safeUrl.ts';

// ajv-formats is CommonJS with `exports.default`; under Node's ESM loader the default import is the module object.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as typeof addFormatsModule;

export function createAjv(options: Options): Ajv {
  const ajv = new Ajv(options);
  addFormats(ajv, ['email', 'uri', 'date', 'date-time', 'regex']);
  for (const [name, check] of Object.entries(URL_FORMATS)) ajv.addFormat(name, check);
  return ajv;
}
