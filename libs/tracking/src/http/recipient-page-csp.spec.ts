import { createHash } from 'node:crypto';
import { pageColour, pageSecurityHeaders, renderNoticePage } from './recipient-page.html';

/** The sha256 source of the CSP's style-src (docs/adr/0083): what a browser compares the inline style with. */
const styleSource = (policy: string) => /style-src 'self' '(sha256-[A-Za-z0-9+/=]+)'/.exec(policy)?.[1];
const inlineStyles = (html: string) => [...html.matchAll(/<style>([^<]*)<\/style>/g)].map((m) => m[1]);

describe("the recipient page's content security policy", () => {
  it("allows exactly the page's one inline style, by its hash", () => {
    const html = renderNoticePage('ar', 'notFound');
    const styles = inlineStyles(html);
    expect(styles).toHaveLength(1);
    const policy = pageSecurityHeaders(pageColour(null))['Content-Security-Policy'];
    expect(styleSource(policy)).toBe(`sha256-${createHash('sha256').update(styles[0]).digest('base64')}`);
    expect(policy).not.toContain('unsafe-inline');
  });

  it("a team's colour is allowed by its own hash, not another's", () => {
    const purple = styleSource(pageSecurityHeaders('#7a1fa2')['Content-Security-Policy']);
    const green = styleSource(pageSecurityHeaders('#0a6e5c')['Content-Security-Policy']);
    expect(purple).toBe(`sha256-${createHash('sha256').update(':root{--brand:#7a1fa2}').digest('base64')}`);
    expect(purple).not.toBe(green);
    expect(pageSecurityHeaders('#7a1fa2')).toBe(pageSecurityHeaders('#7a1fa2'));
  });
});
