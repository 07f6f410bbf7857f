import { describe, it, expect } from 'vitest';
import { findActiveSvgContent, svgText } from '../../src/content/svg-script.ts';

const svg = (body: string) => `<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">\n${body}\n</svg>`;

describe('script in an SVG image', () => {
  it('finds nothing in a drawing: shapes, text, styles, gradients, links to anchors and pages', () => {
    const drawing = svg('<defs><linearGradient id="g"><stop offset="0"/></linearGradient><style>.a{fill:url(#g)}</style></defs>\n<a href="https://example.com/docs/"><text class="a">Hub: onboarding, javascript-free</text></a>\n<use xlink:href="#g"/><animate attributeName="opacity" values="0;1" dur="1s"/>');
    expect(findActiveSvgContent(drawing)).toBeUndefined();
  });

  it.each([
    ['a script element', svg('<script>alert(1)</script>'), '<script>', 3, 1],
    ['an XHTML script by prefix', svg('<rect/><h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>'), '<h:script>', 3, 8],
    ['a script element in capitals', svg('<SCRIPT>alert(1)</SCRIPT>'), '<SCRIPT>', 3, 1],
    ['an event handler', svg('<rect width="1"\n      onload="alert(1)"/>'), 'the onload attribute', 4, 7],
    ['an iframe in a foreignObject', svg('<foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="x.html"/></foreignObject>'), '<iframe>', 3, 16],
    ['a javascript: link written with entities and a line break', svg('<a xlink:href="jav&#x61;\nscript:alert(1)"><text>x</text></a>'), 'a script URL in the xlink:href attribute', 3, 4],
    ['an animation that sets a javascript: link', svg('<a><animate attributeName="href" values="javascript:alert(1)"/><text>x</text></a>'), 'a script URL in the values attribute', 3, 34],
    ['an animation that writes an event handler', svg('<set attributeName="onmouseover" to="alert(1)"/>'), 'an animation of onmouseover', 3, 6],
    ['a data:text/html link', svg('<a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;"><text>x</text></a>'), 'a script URL in the href attribute', 3, 4],
    [
      'a script behind an entity the document declares',
      `<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY s "<script xmlns='http://www.w3.org/2000/svg'>alert(1)</script>">]>\n<svg xmlns="http://www.w3.org/2000/svg">&s;</svg>`,
      'a DOCTYPE with declarations of its own',
      2,
      1,
    ],
    ['an entity declaration outside a DOCTYPE', `<svg xmlns="http://www.w3.org/2000/svg">\n  <!ENTITY s "x"></svg>`, 'an entity declaration (<!ENTITY>)', 2, 3],
    [
      'an attribute default behind a quoted ">" in the DOCTYPE (Chromium applies <!ATTLIST> defaults)',
      `<?xml version="1.0"?>\n<!DOCTYPE svg SYSTEM "a>b" [<!ATTLIST svg onload CDATA "alert(1)">]>\n<svg xmlns="http://www.w3.org/2000/svg"/>`,
      'a DOCTYPE with declarations of its own',
      2,
      1,
    ],
    ["the same in single quotes", `<!DOCTYPE svg PUBLIC '-//x>y//EN' 'q' [<!ATTLIST svg onload CDATA "alert(1)">]><svg xmlns="http://www.w3.org/2000/svg"/>`, 'a DOCTYPE with declarations of its own', 1, 1],
    ['an attribute declaration outside a DOCTYPE', `<svg xmlns="http://www.w3.org/2000/svg">\n  <!ATTLIST svg onload CDATA "alert(1)"></svg>`, 'a DTD declaration (<!ATTLIST>, <!ELEMENT> or <!NOTATION>)', 2, 3],
    ['an XSLT style sheet, which can write a script', `<?xml version="1.0"?>\n<?xml-stylesheet type="text/xsl" href="/docs/t.xsl"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>`, 'a style sheet instruction (<?xml-stylesheet?>)', 2, 1],
  ])('finds %s, with its line and column', (_name, text, what, line, column) => {
    expect(findActiveSvgContent(text)).toEqual({ what, line, column });
  });

  it("passes a drawing with the DOCTYPE editors write (Illustrator's PUBLIC one, no declarations of its own)", () => {
    const illustrator = `<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<svg version="1.1" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="4" height="4"/></svg>`;
    expect(findActiveSvgContent(illustrator)).toBeUndefined();
    const spaced = `<!DOCTYPE svg\n  PUBLIC '-//W3C//DTD SVG 1.1//EN'\n  'http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd'>\n<svg xmlns="http://www.w3.org/2000/svg"/>`;
    expect(findActiveSvgContent(spaced)).toBeUndefined();
  });

  it("passes Inkscape's own SVG (its comment, namespaces and named view)", () => {
    const inkscape = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<!-- Created with Inkscape (http://www.inkscape.org/) -->\n\n<svg\n   width="210mm"\n   height="297mm"\n   viewBox="0 0 210 297"\n   version="1.1"\n   id="svg1"\n   inkscape:version="1.3.2 (091e20e, 2023-11-25)"\n   sodipodi:docname="flow.svg"\n   xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"\n   xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"\n   xmlns="http://www.w3.org/2000/svg"\n   xmlns:svg="http://www.w3.org/2000/svg">\n  <sodipodi:namedview id="namedview1" pagecolor="#ffffff" inkscape:document-units="mm" />\n  <defs id="defs1" />\n  <g inkscape:label="Layer 1" inkscape:groupmode="layer" id="layer1">\n    <rect style="fill:#2f6fde;stroke-width:0.26" id="rect1" width="50" height="30" x="20" y="20" />\n  </g>\n</svg>\n`;
    expect(findActiveSvgContent(inkscape)).toBeUndefined();
  });

  it('reads UTF-16 files as the browser does, so they cannot hide a script', () => {
    const text = svg('<script>alert(1)</script>');
    const utf16 = new Uint8Array([0xff, 0xfe, ...new Uint8Array(Buffer.from(text, 'utf16le'))]);
    expect(findActiveSvgContent(svgText(utf16) ?? '')?.what).toBe('<script>');
    expect(svgText(new Uint8Array(Buffer.from(text, 'utf8')))).toBe(text);
  });
});
