// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { FIELD_TYPE_SPECS } from '../../../runtime/schema/fieldTypes.ts';
import { FIELD_TYPES, type Field } from '../../../runtime/schema/types.ts';

const field = (over: Partial<Field>): Field => ({
  name: 'x',
  type: 'string',
  title: { zh: 'x', en: 'x' },
  column: 'x',
  required: false,
  unique: false,
  trim: false,
  readOnly: false,
  writeOnly: false,
  ...over,
});

describe('FIELD_TYPE_SPECS', () => {
  it('has one row per field type', () => {
    expect(Object.keys(FIELD_TYPE_SPECS).sort()).toEqual([...FIELD_TYPES].sort());
  });

  it('stores each type in the PostgreSQL column that keeps its values', () => {
    const sql = (over: Partial<Field>) => FIELD_TYPE_SPECS[over.type ?? 'string'].sql(field(over));
    expect(sql({ type: 'string', maxLength: 32 })).toBe('varchar(32)');
    expect(sql({ type: 'string' })).toBe('text');
    expect(sql({ type: 'integer' })).toBe('integer');
    expect(sql({ type: 'datetime' })).toBe('timestamptz');
    expect(sql({ type: 'ref' })).toBe('integer');
    expect(sql({ type: 'ref', multiple: true })).toBe('jsonb');
    expect(sql({ type: 'json' })).toBe('jsonb');
    const option = (value: string | number) => ({ value, label: { zh: '', en: '' } });
    expect(sql({ type: 'enum', options: [option(0), option(1)] })).toBe('integer');
    expect(sql({ type: 'enum', options: [option('M'), option('C')] })).toBe('text');
  });

  it('gives string-like types a like filter, dates a range and files none', () => {
    expect(FIELD_TYPE_SPECS.email.filter).toMatchObject({ control: 'input', op: 'like' });
    expect(FIELD_TYPE_SPECS.date.filter).toMatchObject({ control: 'dateRange', op: 'range' });
    expect(FIELD_TYPE_SPECS['tree-parent'].filter).toMatchObject({ control: 'treeSelect', op: 'eq' });
    expect(FIELD_TYPE_SPECS.file.filter).toBeNull();
  });
});
