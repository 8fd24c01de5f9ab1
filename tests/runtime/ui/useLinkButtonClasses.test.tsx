// A row's action links are plain buttons with the classes of antd's small link button: the same
// classes antd's own Button gives itself, so they look the same, and a new antd that changes them
// fails here rather than on screen.
import { render, screen } from '@testing-library/react';
import { Button } from 'antd';
import { describe, expect, it } from 'vitest';
import { useLinkButtonClasses } from '../../../runtime/ui/useLinkButtonClasses.ts';

function Both() {
  const classes = useLinkButtonClasses();
  return (
    <>
      <Button type="link" size="small">
        antd
      </Button>
      <Button type="link" size="small" danger>
        antd danger
      </Button>
      <output data-testid="link">{classes.link}</output>
      <output data-testid="danger">{classes.danger}</output>
    </>
  );
}

const classSet = (text: string) => [...new Set(text.split(/\s+/).filter(Boolean))].sort();

describe('useLinkButtonClasses', () => {
  it("gives a link and a danger link antd's own Button's classes", () => {
    render(<Both />);
    const antd = screen.getByRole('button', { name: 'antd' }).className;
    const antdDanger = screen.getByRole('button', { name: 'antd danger' }).className;
    expect(classSet(screen.getByTestId('link').textContent ?? '')).toEqual(classSet(antd));
    expect(classSet(screen.getByTestId('danger').textContent ?? '')).toEqual(classSet(antdDanger));
    // the two differ, by the danger colour
    expect(classSet(antd)).not.toEqual(classSet(antdDanger));
  });
});
