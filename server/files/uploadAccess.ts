// Who may upload: whoever may write a row of a resource with a field that holds a file (an
// image, an avatar, a file, or rich text, whose editor inserts pictures). The permission codes
// come from the manifest, so a new resource with an image field opens uploads to its editors.
import type { Manifest, Resource } from '../../runtime/schema/types.ts';

const HOLDS_FILES = new Set(['image', 'avatar', 'file', 'richtext']);

/** The permissions that let their holder write this resource's file fields (none: it has none). */
export function resourceUploadPermissions(resource: Resource): string[] {
  const fileFields = new Set(resource.fields.filter((f) => HOLDS_FILES.has(f.type)).map((f) => f.name));
  if (fileFields.size === 0) return [];
  return resource.actions
    .filter(
      (action) =>
        action.name === 'create' ||
        action.name === 'update' ||
        action.name === 'batchUpdate' ||
        action.name === 'import' ||
        (action.form ?? []).some((name) => fileFields.has(name)),
    )
    .map((action) => action.permission);
}

export function uploadPermissions(manifest: Manifest): string[] {
  return [...new Set(manifest.resources.flatMap(resourceUploadPermissions))].sort();
}
