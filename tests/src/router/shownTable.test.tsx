// The route table is drawn a transition behind the permission store: the store's own readers get
// a change in an update React renders whole, the table drawn takes it in a transition, which
// React may cut into slices.
import { act, render } from '@testing-library/react';
import { useDeferredValue } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useTableShownInTransition } from '../../../src/router/shownTable.ts';
import { usePermissionStore } from '../../../src/stores/permission.ts';

/** every render of the table drawn: its `generated`, and what a deferred read of it gave */
const renders: Array<{ generated: boolean; deferred: boolean }> = [];

function Drawn() {
  const { generated } = useTableShownInTransition();
  // React defers a value in an urgent render and hands it over at once in a transition
  const deferred = useDeferredValue(generated);
  renders.push({ generated, deferred });
  return <p data-testid="drawn">{String(generated)}</p>;
}

describe('the route table drawn', () => {
  afterEach(() => usePermissionStore.getState().reset());

  it('takes a change of the store in a transition render', async () => {
    const view = render(<Drawn />);
    expect(view.getByTestId('drawn').textContent).toBe('false');
    renders.length = 0;

    await act(async () => usePermissionStore.setState({ generated: true }));
    expect(view.getByTestId('drawn').textContent).toBe('true');
    // the first render with the new table was a transition: no render of it with a value held back
    expect(renders.find((r) => r.generated)).toEqual({ generated: true, deferred: true });
    view.unmount();
  });
});
