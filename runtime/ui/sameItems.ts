// Whether two lists hold the same objects in the same order: what a tree's reuse of its levels,
// its table rows and react-table's rows (pickerTree.ts, treeTableRows.ts, reusedRowModel.ts)
// checks before it hands back the list it had.
export function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
