export { type ColumnDescriptor, toListColumns } from './columns.ts';
export { type CompiledForm, toJsonSchema, type UiSchema } from './compileJsonSchema.ts';
export { CONDITION_SYNTAX, evaluateCondition, type ParsedCondition, parseCondition } from './condition.ts';
export { type CellKind, FIELD_TYPE_SPECS, type FieldTypeSpec, type FilterControl } from './fieldTypes.ts';
export { formatProblem, formatProblems } from './formatProblem.ts';
export { type LoadResult, loadSchemaDir, loadSchemaTexts, MENUS_FILE, type SchemaText } from './load.ts';
export {
  buildManifest,
  buildPermissions,
  buildRoutes,
  permissionCode,
  serializeManifest,
} from './manifest.ts';
export { DEFAULT_PAGE_SIZE, DEFAULT_SORT, tableName } from './normalize.ts';
export { type ServerValidator, toServerValidator, type ValidationResult } from './serverValidator.ts';
export { STANDARD_ACTION_SPECS } from './standardActions.ts';
export * from './types.ts';
export { type FormMode, type WritableFields, writableFields } from './writable.ts';
