// @vitest-environment node
// The field keys of the check tree (`checkTree`, `confirmChanges`, `detail`): what they turn on,
// and every misuse reported at the value at fault (or at the key that does not belong), with
// what was expected.
import { describe, expect, it } from 'vitest';
import { toJsonSchema } from '../../../runtime/schema/compileJsonSchema.ts';
import { loadSchemaTexts } from '../../../runtime/schema/load.ts';

const MENUS = {
  path: 'sys/menus.yaml',
  text: `resource: menus
module: sys
system: true
title: { zh: 菜单, en: Menus }
fields:
  parentId: { type: tree-parent, label: menuName }
  menuName: { type: string }
  perms: { type: string }
`,
};
const TAGS = {
  path: 'cms/tags.yaml',
  text: `resource: tags
module: cms
title: { zh: 标签, en: Tags }
fields:
  name: { type: string }
`,
};

/** A roles resource whose one field is `field` (YAML flow mapping); system, as the sys_ tables are. */
function load(field: string) {
  return loadSchemaTexts([
    MENUS,
    TAGS,
    {
      path: 'sys/roles.yaml',
      text: `resource: roles
module: sys
title: { zh: 角色, en: Roles }
fields:
  menuIds: ${field}
system: true
`,
    },
  ]);
}

const problemsOf = (field: string) => load(field).problems.map((p) => [p.line, p.col, p.path, p.message]);

describe('checkTree, confirmChanges and detail', () => {
  it('turn on the check tree and the change summary of a multiple ref into a tree', () => {
    const { resources, problems } = load(
      '{ type: ref, ref: menus, label: menuName, detail: perms, multiple: true, checkTree: true, confirmChanges: true }',
    );
    expect(problems).toEqual([]);
    const roles = resources.find((r) => r.name === 'roles')!;
    expect(roles.fields[0]).toMatchObject({
      refDetail: 'perms',
      checkTree: true,
      confirmChanges: true,
      refTree: true,
    });
    expect(toJsonSchema(roles, 'update', 'zh').uiSchema.menuIds).toMatchObject({ 'ui:widget': 'checkTree' });
  });

  it('leave a field without them as it was: no keys in the manifest, the tree select', () => {
    const { resources } = load('{ type: ref, ref: menus, label: menuName, multiple: true }');
    const field = resources.find((r) => r.name === 'roles')!.fields[0];
    expect(JSON.parse(JSON.stringify(field))).not.toHaveProperty('checkTree');
    expect(
      toJsonSchema(resources.find((r) => r.name === 'roles')!, 'update', 'zh').uiSchema.menuIds,
    ).toMatchObject({ 'ui:widget': 'treeSelect' });
  });

  it('ask for a list of ids', () => {
    expect(
      problemsOf('{ type: ref, ref: menus, label: menuName, checkTree: true, confirmChanges: true }'),
    ).toEqual([
      [
        5,
        65,
        'fields.menuIds.checkTree',
        '"checkTree" applies to a ref holding a list of ids; add multiple: true',
      ],
      [
        5,
        87,
        'fields.menuIds.confirmChanges',
        '"confirmChanges" applies to a ref holding a list of ids; add multiple: true',
      ],
    ]);
  });

  it('show a tree only where the referenced resource is one', () => {
    expect(problemsOf('{ type: ref, ref: tags, label: name, multiple: true, checkTree: true }')).toEqual([
      [
        5,
        76,
        'fields.menuIds.checkTree',
        '"checkTree" shows the referenced resource as a tree, and "tags" has no tree-parent field',
      ],
    ]);
  });

  it('name a field of the referenced resource as the detail', () => {
    expect(problemsOf('{ type: ref, ref: menus, label: menuName, detail: perm, multiple: true }')).toEqual([
      [
        5,
        62,
        'fields.menuIds.detail',
        '"perm" is not a field of "menus"; its fields: parentId, menuName, perms (did you mean "perms"?)',
      ],
    ]);
  });

  it('belong to ref fields alone', () => {
    expect(problemsOf('{ type: string, checkTree: true }')).toEqual([
      [5, 28, 'fields.menuIds.checkTree', '"checkTree" applies only to ref fields, not string'],
    ]);
  });

  it('take booleans', () => {
    const problems = problemsOf('{ type: ref, ref: menus, label: menuName, multiple: true, checkTree: yes }');
    expect(problems).toHaveLength(1);
    expect(problems[0].slice(0, 3)).toEqual([5, 81, 'fields.menuIds.checkTree']);
    expect(problems[0][3]).toMatch(/boolean/);
  });
});
