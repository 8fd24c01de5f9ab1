// Which of a long list's drawn rows turn from outline to full in the next low-priority render:
// a few at a time (a commit of antd's rows is not cut into slices), those in view first.
import { describe, expect, it } from 'vitest';
import { FILL_BATCH, nextBatch } from '../../../runtime/ui/TableBody.tsx';

const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));

describe('nextBatch', () => {
  it('takes the rows in view first, in order, then those drawn around them, a batch at most', () => {
    // rows 100–130 drawn, 110–120 in view
    const drawn = ids(100, 130);
    expect(nextBatch(drawn, 100, [110, 120], new Set())).toEqual(ids(110, 110 + FILL_BATCH - 1));
    // the rest of the view (a batch less one row), then the rows drawn above it
    const left = FILL_BATCH - 1;
    const most = new Set(ids(110, 120 - left));
    expect(nextBatch(drawn, 100, [110, 120], most)).toEqual([...ids(121 - left, 120), '100']);
    const inView = new Set(ids(110, 120));
    expect(nextBatch(drawn, 100, [110, 120], inView)).toEqual(ids(100, 100 + FILL_BATCH - 1));
  });

  it('skips the rows already in full and ends with nothing left', () => {
    const drawn = ids(0, 9);
    expect(nextBatch(drawn, 0, [0, 9], new Set(ids(0, 7)))).toEqual(['8', '9']);
    expect(nextBatch(drawn, 0, [0, 9], new Set(drawn))).toEqual([]);
  });
});
