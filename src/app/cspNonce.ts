// The style nonce of this page (docs/security.md, "Content-Security-Policy"). The server writes a
// new one into index.html with each answer and allows only style elements that carry it, so a
// <style> smuggled into the page as markup is refused. The page's own code adds styles at run
// time: antd and its icons (given the nonce through ConfigProvider), the rich-text editor, and
// the modal scroll lock of rc-component, which has no way to be given one. So every style
// element this page's scripts create gets the nonce as it is made: scripts run only from this
// origin, so this hands the nonce to nothing the page did not ship.
import { CSP_NONCE_PLACEHOLDER } from '../../runtime/contract.ts';

function readNonce(): string | undefined {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  // a browser hides the attribute once the policy applies; the property keeps the value
  const nonce = meta?.nonce || meta?.getAttribute('nonce') || '';
  // the development server sends index.html as written: no nonce there, and no policy either
  return nonce && nonce !== CSP_NONCE_PLACEHOLDER ? nonce : undefined;
}

/** The page's style nonce, or undefined where the page has none (development, tests). */
export const styleNonce: string | undefined = typeof document === 'undefined' ? undefined : readNonce();

if (styleNonce) {
  const createElement = document.createElement;
  document.createElement = function createElementWithNonce(
    this: Document,
    tagName: string,
    options?: ElementCreationOptions,
  ) {
    const element = createElement.call(this, tagName, options);
    if (element instanceof HTMLStyleElement) element.nonce = styleNonce;
    return element;
  } as Document['createElement'];
}
