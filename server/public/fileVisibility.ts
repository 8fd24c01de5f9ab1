// Whether an upload is part of what the public content service publishes: some row the service
// shows (its exposure's `where`, its publish window, its categories visible: visibility.ts) uses
// the file in a field the exposure returns. Checked on every request of the attachment path, so
// unpublishing, moving out of the window or deleting the row makes the file a 404 at once, on
// every instance, with nothing to keep in step.
//
// Cost: the record (an index lookup by name) is found first, so a name never stored costs no
// scan. Then one query per exposed file-holding field, stopping at the first use: the row
// conditions and the publish window narrow it, and a column with a search index (a `like`
// filter in the schema) is matched through its bigram index; other columns are read whole.
// A reference table kept by triggers would make every lookup an index probe; the CMS's few
// thousand contents did not need it.
import type { Field, Manifest, Resource } from '../../runtime/schema/types.ts';
import { HOLDS_FILE_URLS, storedBase } from '../files/fileReferences.ts';
import type { ResourceStore } from '../resources/store.ts';
import { visibilityClauses } from './visibility.ts';

export interface PublicFileField {
  resource: Resource;
  field: Field;
}

/** The fields of public resources that the service returns and that may hold an upload's address. */
export function publicFileFields(manifest: Manifest): PublicFileField[] {
  return manifest.resources.flatMap((resource) => {
    const exposed = new Set(resource.public?.fields ?? []);
    return resource.fields
      .filter((field) => exposed.has(field.name) && HOLDS_FILE_URLS.has(field.type) && !field.multiple)
      .map((field) => ({ resource, field }));
  });
}

/** Whether a row the public sees uses this stored name (or, for a derived size, its original). */
export async function isPublishedFile(
  stores: Map<string, ResourceStore>,
  manifest: Manifest,
  fields: readonly PublicFileField[],
  name: string,
): Promise<boolean> {
  // a generated base is 32 hex digits (or a sample's name): no wildcard, nothing to escape
  const base = storedBase(name);
  for (const { resource, field } of fields) {
    const exposure = resource.public!;
    const uses = await stores.get(resource.name)!.count({
      filters: [{ field, op: 'like', value: base }, ...visibilityClauses(resource, manifest)],
      where: exposure.where ? [exposure.where] : [],
    });
    if (uses > 0) return true;
  }
  return false;
}
