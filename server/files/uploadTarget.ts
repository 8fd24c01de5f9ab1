// The field an upload is for. The form names the resource and the field; the server then
// applies that field's rules (docs/schema.md "Upload rules") and checks that the sender may
// write that resource, not merely some resource with a file field. An upload that names no
// field (an older client, the rich-text editor of a resource) meets the general rules only.

import type { Field, Manifest } from '../../runtime/schema/types.ts';
import { UPLOAD_FIELD_TYPES } from '../../runtime/schema/uploadRules.ts';
import type { Grants } from '../auth/grants.ts';
import { badRequest, missingPermission } from '../http/errors.ts';
import { resourceUploadPermissions } from './uploadAccess.ts';

export function uploadTarget(
  manifest: Manifest,
  grants: Grants,
  sent: Record<string, string>,
): Field | undefined {
  const { resource: resourceName, field: fieldName } = sent;
  if (resourceName === undefined && fieldName === undefined) return undefined;
  const resource = manifest.resources.find((r) => r.name === resourceName);
  if (!resource) throw badRequest({ resource: 'not a resource' });
  const permissions = resourceUploadPermissions(resource);
  if (!grants.isAdmin && !permissions.some((code) => grants.permissions.has(code)))
    throw missingPermission(permissions);
  if (fieldName === undefined) return undefined;
  const field = resource.fields.find((f) => f.name === fieldName);
  if (!field || !(UPLOAD_FIELD_TYPES.has(field.type) || field.type === 'richtext'))
    throw badRequest({ field: `not a field of ${resource.name} that holds a file` });
  return field;
}
