/** Telling a broken image file from a good one, from the bytes read when it is hashed. */
import { describe, it, expect } from 'vitest';
import { deflateSync } from 'node:zlib';
import { rasterFacts, svgFacts } from '../../src/content/image-size.ts';

const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  return Buffer.concat([length, Buffer.from(type), data, Buffer.alloc(4)]); // the CRC is not what is checked
};
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const IHDR = chunk('IHDR', Buffer.from([0, 0, 0, 2, 0, 0, 0, 1, 8, 0, 0, 0, 0])); // 2×1, 8-bit grey
const IDAT = chunk('IDAT', deflateSync(Buffer.from([0, 0, 255])));
const IEND = chunk('IEND', Buffer.alloc(0));

describe('rasterFacts', () => {
  it('a complete PNG has its size', () => {
    expect(rasterFacts(Buffer.concat([SIGNATURE, IHDR, IDAT, IEND]))).toEqual({ width: 2, height: 1 });
  });

  it('random bytes, a bare signature, a header without image data and a file cut short are unreadable, with why', () => {
    expect(rasterFacts(Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 31 + 7) % 256)))).toEqual({ unreadable: 'its bytes are not a PNG, JPEG, GIF, WebP or AVIF image' });
    expect(rasterFacts(SIGNATURE)).toEqual({ unreadable: expect.stringMatching(/^its header is broken/) });
    expect(rasterFacts(Buffer.alloc(0))).toEqual({ unreadable: 'the file is empty' });
    expect(rasterFacts(Buffer.concat([SIGNATURE, IHDR]))).toEqual({ unreadable: 'it holds no image data (no IDAT chunk)' });
    expect(rasterFacts(Buffer.concat([SIGNATURE, IHDR, IDAT]))).toEqual({ unreadable: 'the file is cut short (no IEND chunk)' });
    expect(rasterFacts(Buffer.concat([SIGNATURE, IHDR, IDAT.subarray(0, 12)]))).toEqual({ unreadable: 'the file is cut short (inside its IDAT chunk)' });
  });
});

describe('svgFacts', () => {
  it('an SVG closed by its root end tag (comments after it allowed, or a self-closing root) has its size', () => {
    expect(svgFacts('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="20"><rect/></svg>\n')).toEqual({ width: 10, height: 20 });
    expect(svgFacts('<svg:svg xmlns:svg="http://www.w3.org/2000/svg" viewBox="0 0 4 3"></svg:svg>\n<!-- made by hand -->\n')).toEqual({ width: 4, height: 3 });
    expect(svgFacts('<svg xmlns="http://www.w3.org/2000/svg" width="5" height="5"/>')).toEqual({ width: 5, height: 5 });
  });

  it('no root element, or a file that stops before its root is closed, is unreadable', () => {
    expect(svgFacts('just some text')).toEqual({ unreadable: 'it has no <svg> root element' });
    expect(svgFacts('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="4"')).toEqual({ unreadable: expect.stringContaining('not well-formed') });
    expect(svgFacts('<svg xmlns="http://www.w3.org/2000/svg"><g></svg')).toEqual({ unreadable: expect.stringContaining('not well-formed') });
  });

  it('end tags that do not match the element open there make it unreadable, with the lines and columns', () => {
    const svg = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">\n${inner}\n</svg>\n`;
    expect(svgFacts(svg('<g><rect width="4"></g>'))).toEqual({ unreadable: 'it is not well-formed: <rect> (line 2, column 4) is not closed before the end tag at line 2, column 20' });
    expect(svgFacts(svg('<g></g></rect>'))).toEqual({ unreadable: 'it is not well-formed: the end tag at line 2, column 8 closes no element' });
    expect(svgFacts(svg('<g>'))).toEqual({ unreadable: 'it is not well-formed: <g> (line 2, column 1) is not closed before the end tag at line 3, column 1' });
    // XML names are case-sensitive: <G> is not closed by </g>.
    expect(svgFacts(svg('<G></g>'))).toEqual({ unreadable: expect.stringContaining('not well-formed') });
  });

  it('self-closing tags, prefixed names, comments, CDATA and style text with end-tag look-alikes are well-formed', () => {
    const text = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:x="urn:x" width="10" height="10"><!-- </g> --><style><![CDATA[ a > b { fill: red } ]]></style><x:meta><x:item/></x:meta><g><rect/><text>1 &lt; 2</text></g><desc><![CDATA[ "</rect>" ]]></desc></svg>';
    expect(svgFacts(text)).toEqual({ width: 10, height: 10 });
  });
});
