// Who may upload: whoever may write a row of a resource with a field that holds a file (an
// image, an avatar, a file, or rich text, whose editor inserts pictures). The permission codes
// come from the manifest, so a new resource with an image field opens uploads to its editors.
import type { Manifest } from '../../runtime/schema/types.ts';

const HOLDS_FILES = new Set(['image', 'avatar', 'file', 'richtext']);

export function uploadPermissions(manifest: Manifest): string[] {
  const codes = new Set<string>();
  for (const resource of manifest.resources) {
    const fileFields = new Set(resource.fields.filter((f) => HOLDS_FILES.has(f.type)).map((f) => f.name));
    if (fileFields.size === 0) continue;
    for (const action of resource.actions) {
      const writes =
        action.name === 'create' ||
        action.name === 'update' ||
        action.name === 'batchUpdate' ||
        action.name === 'import' ||
        (action.form ?? []).some((name) => fileFields.has(name));
      if (writes) codes.add(action.permission);
    }
  }
  return [...codes].sort();
}
