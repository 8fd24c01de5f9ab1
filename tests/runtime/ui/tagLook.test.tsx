// A tag drawn without antd's component (a list row in outline) takes the classes and the style
// antd's own Tag takes for the same colour: compared here against the Tag antd renders.
import { render } from '@testing-library/react';
import { ConfigProvider, Tag, theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { defaultTagVars, tagLook } from '../../../runtime/ui/tagLook.ts';

/** antd's tag classes of an element (its theme's classes, `css-…`, left out) and its style */
function look(element: Element) {
  const classes = [...element.classList].filter((name) => name.startsWith('ant-tag')).sort();
  const style = (element as HTMLElement).style;
  return { classes, background: style.backgroundColor, color: style.color };
}

function antdTag(color: string | undefined): Element {
  const { container } = render(<Tag color={color}>标签</Tag>);
  return container.querySelector('.ant-tag')!;
}

function ours(color: string | undefined): Element {
  const { className, style } = tagLook('ant-tag', color);
  const { container } = render(
    <span className={className} style={style}>
      标签
    </span>,
  );
  return container.firstElementChild!;
}

describe('tagLook', () => {
  it.each([
    ['no colour', undefined],
    ['a preset colour', 'blue'],
    ['another preset colour', 'green'],
    ['the default colour', 'default'],
    ['a status colour', 'success'],
    ['a colour of its own', '#ff5500'],
    ['a colour of its own in rgb()', 'rgb(10, 120, 30)'],
  ])('gives %s the classes and style antd gives it', (_, color) => {
    expect(look(ours(color))).toEqual(look(antdTag(color)));
  });

  it('gives a colour of its own a pale background of its hue under text of it', () => {
    expect(tagLook('ant-tag', '#ff5500').style).toEqual({ backgroundColor: '#ffeee5', color: '#ff5500' });
  });

  it("gives the default tag's colours from the theme's tokens, as antd's tag does", () => {
    const seen: Record<string, string>[] = [];
    function Probe() {
      seen.push(defaultTagVars(theme.useToken().token));
      return null;
    }
    render(
      <ConfigProvider theme={{ token: { colorBgContainer: '#000000' } }}>
        <Probe />
      </ConfigProvider>,
    );
    render(<Probe />);
    // on white, antd's tertiary fill (4 % black) makes #f5f5f5; on black it stays black
    expect(seen).toEqual([
      { '--ant-tag-default-bg': '#000000', '--ant-tag-default-color': 'rgba(0,0,0,0.88)' },
      { '--ant-tag-default-bg': '#f5f5f5', '--ant-tag-default-color': 'rgba(0,0,0,0.88)' },
    ]);
  });
});
