import type { ReactNode } from 'react';

export interface PanelProps {
  title?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  'data-testid'?: string;
}

/**
 * A titled white box, as antd's Card draws it. The dashboard uses this rather than Card, which
 * brings antd's tabs along for a feature the dashboard does not use (docs/benchmarks.md).
 */
export function Panel({ title, extra, children, 'data-testid': testId }: PanelProps) {
  return (
    <section className="panel" data-testid={testId}>
      {(title || extra) && (
        <header className="panel-head">
          <h3>{title}</h3>
          {extra}
        </header>
      )}
      <div className="panel-body">{children}</div>
    </section>
  );
}
