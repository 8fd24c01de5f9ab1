// The look antd's Tag gives a colour, as its classes and, for a colour of the schema's own, the
// style it computes: for a tag drawn without antd's component, in a list row drawn in outline
// (OutlineRow.tsx), so that the row turning full moves no text and changes no colour. The same
// steps as antd's (its tag's `useColor`, for the filled tags the list draws): a preset or status
// colour is a class, any other colour a background of its hue at 95 % lightness under text of it.
import { FastColor } from '@ant-design/fast-color';
// antd's own test for the colours its stylesheet has a class for (not in its public index)
import { isPresetColor, isPresetStatusColor } from 'antd/es/_util/colors';

export interface TagLook {
  className: string;
  style?: { backgroundColor: string; color?: string };
}

/** Each look worked out once: an outline row draws its tags on every frame it scrolls into view,
 * and antd's colour check builds its lists of colours again on each call. A schema has a handful
 * of colours. */
const looks = new Map<string, TagLook>();

/** The classes and style of antd's tag of `color` (none: the default tag), for its class `prefix`. */
export function tagLook(prefix: string, color?: string): TagLook {
  const key = `${prefix} ${color ?? ''}`;
  const known = looks.get(key);
  if (known) return known;
  const look = workOut(prefix, color);
  looks.set(key, look);
  return look;
}

function workOut(prefix: string, color?: string): TagLook {
  const known = isPresetColor(color) || isPresetStatusColor(color);
  const className = `${prefix} ${prefix}-filled${known ? ` ${prefix}-${color}` : ''}`;
  if (known || !color) return { className };
  const hsl = new FastColor(color).toHsl();
  hsl.l = 0.95;
  return { className, style: { backgroundColor: new FastColor(hsl).toHexString(), color } };
}

/** What antd's theme gives the tags of a default colour, from the tokens it makes it of. */
interface TagTokens {
  colorFillTertiary: string;
  colorBgContainer: string;
  colorText: string;
}

/**
 * The custom properties antd sets on each of its tags for the default colour (its `defaultBg`
 * and `defaultColor`), from the same tokens. antd declares them on the tag element through its
 * theme's class, which a tag drawn without the component lacks; set on an element around such
 * tags, they reach them by inheritance.
 */
export function defaultTagVars(token: TagTokens): Record<string, string> {
  return {
    '--ant-tag-default-bg': new FastColor(token.colorFillTertiary)
      .onBackground(token.colorBgContainer)
      .toHexString(),
    '--ant-tag-default-color': token.colorText,
  };
}
