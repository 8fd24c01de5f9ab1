// The app's font stack, for antd's components (its `fontFamily` token) and for the shell's own
// CSS (layout.css writes the same list, which a test holds it to). It is antd's default stack
// with the Chinese families of each system named before the generic `sans-serif`: Windows's and
// macOS's as before, and the ones Linux desktops ship (Noto Sans CJK, Source Han Sans, WenQuanYi).
// A Chinese character that no named family holds is found by the browser's per-character system
// fallback, on every layout of a new piece of text: on Linux, where none of the old stack's
// Chinese families exists, laying out 200 short Chinese labels took 61.7 ms that way against
// 9.1 ms with the installed family named, the same glyphs drawn (docs/benchmarks.md, "Tree tables").
export const FONT_FAMILY = [
  '-apple-system',
  'BlinkMacSystemFont',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  '"PingFang SC"',
  '"Hiragino Sans GB"',
  '"Microsoft YaHei"',
  '"Noto Sans CJK SC"',
  '"Source Han Sans SC"',
  '"WenQuanYi Micro Hei"',
  '"WenQuanYi Zen Hei"',
  'sans-serif',
  '"Apple Color Emoji"',
  '"Segoe UI Emoji"',
  '"Segoe UI Symbol"',
  '"Noto Color Emoji"',
].join(', ');
