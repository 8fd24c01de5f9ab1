// The pagination control's jumper: "go to [ n ] page". antd draws its own only when there is
// more than one page, but the spec's layout always has one, so the control draws it here. Like
// antd's, it jumps on Enter or when it loses focus, to a page clamped to the ones there are,
// and empties itself after the jump.
import { InputNumber, Space } from 'antd';
import { useState } from 'react';

export interface PageJumperProps {
  pageCount: number;
  onJump: (page: number) => void;
  /** the words before and after the box, from the app's antd locale */
  before: string;
  after: string;
}

export function PageJumper({ pageCount, onJump, before, after }: PageJumperProps) {
  const [value, setValue] = useState<number | null>(null);
  const jump = () => {
    if (value === null) return;
    onJump(Math.min(Math.max(1, Math.trunc(value)), Math.max(1, pageCount)));
    setValue(null);
  };
  return (
    <Space size={8}>
      <span>{before}</span>
      <InputNumber
        aria-label={before}
        value={value}
        onChange={(next) => setValue(typeof next === 'number' ? next : null)}
        onPressEnter={jump}
        onBlur={jump}
        // no min or max: InputNumber would swallow an out-of-range number instead of reporting
        // it, and typing 99 on a five-page list should still go to the last page
        precision={0}
        controls={false}
        style={{ width: 56 }}
      />
      <span>{after}</span>
    </Space>
  );
}
