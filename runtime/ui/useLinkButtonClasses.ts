// The classes antd's small link button has (its type "link", size "small"; danger or not), for a
// row's action buttons drawn as plain <button> elements. antd's Button is a dozen hooks, and
// without an icon it draws a loading icon's motion wrapper of its own, which commits a second
// time after it mounts: in a table's rows, two of each for every row drawn (docs/benchmarks.md,
// "Tree tables"). Called once for the table, with antd's own style hook for buttons, so the
// button's styles are there; tests/runtime/ui/useLinkButtonClasses.test.tsx holds the classes to
// those antd's Button gives.
import { ConfigProvider } from 'antd';
import useButtonStyle from 'antd/es/button/style';
import { useContext, useMemo } from 'react';

export interface LinkButtonClasses {
  link: string;
  danger: string;
}

export function useLinkButtonClasses(): LinkButtonClasses {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefix = getPrefixCls('btn');
  const [hashId, cssVarCls] = useButtonStyle(prefix);
  return useMemo(() => {
    const base = [prefix, hashId, cssVarCls, `${prefix}-link`];
    const size = `${prefix}-variant-link ${prefix}-sm`;
    return {
      link: [...base, `${prefix}-color-link`, size].join(' '),
      danger: [...base, `${prefix}-dangerous`, `${prefix}-color-dangerous`, size].join(' '),
    };
  }, [prefix, hashId, cssVarCls]);
}
