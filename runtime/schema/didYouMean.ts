// Near-miss names ("titel" for "title") are the commonest schema mistake; naming the likely
// intended word turns a lookup in the docs into a one-character fix.
import { closest, distance } from 'fastest-levenshtein';

export function didYouMean(name: string, candidates: readonly string[]): string | undefined {
  if (candidates.length === 0) return undefined;
  const best = closest(name, [...candidates]);
  const limit = Math.max(2, Math.floor(name.length / 3));
  if (distance(name.toLowerCase(), best.toLowerCase()) <= limit) return best;
  return undefined;
}

/** ` (did you mean "x"?)` or nothing, to append to a message. */
export function suggestion(name: string, candidates: readonly string[]): string {
  const best = didYouMean(name, candidates);
  return best === undefined ? '' : ` (did you mean "${best}"?)`;
}
