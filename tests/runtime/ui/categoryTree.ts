// Content categories made for one test through the real API, so tree tests read what they made.
import type { RealServer } from './realServer.ts';

export const CATEGORIES = '/api/cms/contentCategorys';

/**
 * A category tree made for one test: name → id. Every name carries the test's own tag; each entry
 * of `shape` is a name and its parent's name (0: a root), parents first.
 */
export async function makeTree(
  real: RealServer,
  tag: string,
  shape: Array<[string, string | 0]>,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const [name, parent] of shape) {
    const row = await real.api('POST', CATEGORIES, {
      categoryName: `${name}${tag}`,
      kind: 0,
      parentId: parent === 0 ? 0 : ids.get(parent),
    });
    ids.set(name, row.id);
  }
  return ids;
}

/**
 * `count` children under `parentId`, named 子0…子{count-1} with the test's tag and ordered so, made
 * twenty at a time.
 */
export async function makeLevel(
  real: RealServer,
  tag: string,
  parentId: number,
  count: number,
): Promise<void> {
  for (let i = 0; i < count; i += 20)
    await Promise.all(
      Array.from({ length: Math.min(20, count - i) }, (_, j) =>
        real.api('POST', CATEGORIES, {
          categoryName: `子${i + j}${tag}`,
          kind: 0,
          orderNum: i + j,
          parentId,
        }),
      ),
    );
}
