// The built manifest (schema-admin build → generated/manifest.json): every resource the
// generated pages, forms and clients are made from.

import built from '../../generated/manifest.json';
import type { Manifest, Resource } from '../../runtime/schema/types.ts';

export const manifest = built as unknown as Manifest;

export function findResource(name: string): Resource | undefined {
  return manifest.resources.find((resource) => resource.name === name);
}
