// Where a schema document names one of its own fields. The normalisers record these and
// crossCheck.ts points at the exact entry that names an undeclared field.

import type { KeyPath } from './source.ts';

/** A place where the document names one of its own fields. */
export interface FieldReference {
  field: string;
  path: KeyPath;
  role:
    | 'list column'
    | 'filter'
    | 'sort'
    | 'form entry'
    | 'action form field'
    | 'action set field'
    | 'condition'
    | 'public field'
    | 'public submit field'
    | 'public view key'
    | 'publish window field'
    | 'order field'
    | 'order group'
    | 'index field';
}
