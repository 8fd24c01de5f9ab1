// Rich text is HTML written in the back office and shown on the public site and the news detail
// page, so it is cleaned on every write: an allow-list of what a news article needs (headings,
// paragraphs, lists, tables, links, images, a few inline styles from the editor), and nothing
// that runs: no scripts, no event handlers, no javascript: or data: URLs, no frames or forms.
import sanitizeHtml from 'sanitize-html';

const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*[\d.\s,%]+\)$/i, /^[a-z]+$/i];
const LENGTH = [/^\d+(\.\d+)?(px|em|rem|%|pt)?$/];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'div',
    'span',
    'blockquote',
    'pre',
    'code',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'sub',
    'sup',
    'small',
    'mark',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'caption',
    'colgroup',
    'col',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    col: ['span'],
    ol: ['start'],
    '*': ['style'],
  },
  allowedStyles: {
    '*': {
      'text-align': [/^(left|right|center|justify)$/],
      'text-indent': LENGTH,
      color: COLOR,
      'background-color': COLOR,
      'font-weight': [/^(bold|normal|[1-9]00)$/],
      'font-style': [/^(italic|normal)$/],
      'text-decoration': [/^(underline|line-through|none)$/],
      'font-size': LENGTH,
      width: LENGTH,
      height: LENGTH,
    },
  },
  // relative URLs (an uploaded image at /uploads/…) stay; any other scheme is dropped
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // a link opening a new tab must not hand the new page a handle on this one
    a: (tagName, attribs) => {
      const { target, rel: _rel, ...rest } = attribs;
      return target === '_blank'
        ? { tagName, attribs: { ...rest, target, rel: 'noopener noreferrer' } }
        : { tagName, attribs: rest };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
