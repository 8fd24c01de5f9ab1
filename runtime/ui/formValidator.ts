// The rjsf validator of a compiled form, without ajv's generated code (which the app's
// Content-Security-Policy forbids: no 'unsafe-eval'). rjsf's precompiled-validator mode takes one
// validate function per schema the form can ask about, listed by rjsf's own schemaParser; each is
// a schemaCheck (runtime/schema/checkJsonSchema.ts), which answers as the server's ajv does.
import { type RJSFSchema, schemaParser, type ValidatorType } from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import { schemaCheck } from '../schema/checkJsonSchema.ts';
import type { JsonSchema } from '../schema/types.ts';

type ValidatorFunctions = Parameters<typeof createPrecompiledValidator>[0];

export function formValidator(schema: RJSFSchema): ValidatorType {
  const checks = Object.fromEntries(
    Object.entries(schemaParser(schema)).map(([key, sub]) => [key, schemaCheck(sub as JsonSchema)]),
  );
  return createPrecompiledValidator(checks as unknown as ValidatorFunctions, schema);
}
