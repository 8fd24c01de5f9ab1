// The calls of spec §7 that the schema language alone does not say enough about. Each one
// refines a view the schema declares (or adds one read the schema's exposure allows), so the
// fields, conditions and order still come from `public:` in the YAML; only the meaning the
// specification's names imply is added here. docs/api.md documents every one.
import type { Manifest, PublicView, Resource } from '../../runtime/schema/types.ts';

export interface Refinement {
  /**
   * the category a call names (`{id}` of a `by` view, or this filter parameter) matches that
   * category and every one below it in the category tree
   */
  subtree?: string;
  /** the subtree parameter must be given */
  required?: boolean;
  /** the one-row call counts a view in this field */
  countViews?: string;
  /** the latest rows of each top-level category of the tree this field points into */
  groupByTop?: string;
}

/** By resource, then by view path. */
export const REFINEMENTS: Record<string, Record<string, Refinement>> = {
  contents: {
    // the news detail page: reading a content counts a view
    'contents/{id}': { countViews: 'viewCount' },
    // a column page lists the contents of the column and of its sub-columns
    'contents/listbycategoryid': { subtree: 'categoryId', required: true },
    'contents/picturesbycategoryid': { subtree: 'categoryId', required: true },
    // a home-page block shows the titles of its column, sub-columns included
    'contents/titles/{id}': { subtree: 'categoryId' },
    // the front page's content centre: the newest of every top-level column
    'contents/contentcentre/all': { groupByTop: 'categoryId' },
    'contents/contentcentre/picture': { groupByTop: 'categoryId' },
  },
};

/** The refinement of a view, when the fields it names exist in the resource as loaded. */
export function refinementOf(resource: Resource, view: PublicView, manifest: Manifest): Refinement {
  const found = REFINEMENTS[resource.name]?.[view.path];
  if (!found) return {};
  const has = (name: string | undefined) =>
    name === undefined || resource.fields.some((f) => f.name === name);
  const treeRef = (name: string | undefined) => {
    if (name === undefined) return true;
    const field = resource.fields.find((f) => f.name === name);
    const target = manifest.resources.find((r) => r.name === field?.ref);
    return field?.type === 'ref' && !field.multiple && target?.treeParent !== undefined;
  };
  if (!has(found.countViews) || !treeRef(found.subtree) || !treeRef(found.groupByTop)) return {};
  return found;
}

/**
 * Reads the schema's exposure allows that it has no view for: `websites/changeTheme/{id}`
 * reads a theme by its id (spec §7 calls it with 5 and 1), live or not, so the site can
 * preview or apply it. Only the exposure's fields are returned; nothing changes.
 */
export function extraViews(resource: Resource): PublicView[] {
  const exposure = resource.public;
  if (!exposure || resource.name !== 'websites') return [];
  const path = `${exposure.path}/changeTheme/{id}`;
  if (exposure.views.some((v) => v.path === path)) return [];
  return [
    { path, shape: 'one', fields: exposure.fields, filters: [], where: [], sort: exposure.sort, by: 'id' },
  ];
}
