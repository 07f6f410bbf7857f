/** The size an SVG declares (src/content/image-size.ts), which pages give their images. */
import { describe, it, expect } from 'vitest';
import { rasterSize, svgSize } from '../../src/content/image-size.ts';

describe('svgSize', () => {
  it('reads width and height in pixels, with or without the unit', () => {
    expect(svgSize('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="520" viewBox="0 0 100 100">')).toEqual({ width: 800, height: 520 });
    expect(svgSize("<?xml version='1.0'?>\n<svg width='720.4px' height = '360px'>")).toEqual({ width: 720, height: 360 });
  });

  it('takes the viewBox where width and height are missing or not in pixels', () => {
    expect(svgSize('<svg viewBox="0 0 880 400">')).toEqual({ width: 880, height: 400 });
    expect(svgSize('<svg width="100%" height="100%" viewBox="0,0,760,320">')).toEqual({ width: 760, height: 320 });
  });

  it('follows the viewBox proportions when one side is given', () => {
    expect(svgSize('<svg width="400" viewBox="0 0 800 200">')).toEqual({ width: 400, height: 100 });
    expect(svgSize('<svg height="50" viewBox="0 0 800 200">')).toEqual({ width: 200, height: 50 });
  });

  it('gives nothing for a file without a usable size', () => {
    expect(svgSize('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>')).toBeUndefined();
    expect(svgSize('<svg width="10em" height="5em">')).toBeUndefined();
    expect(svgSize('<svg viewBox="0 0 -5 10">')).toBeUndefined();
    expect(svgSize('<svg viewBox="0 0 wide tall">')).toBeUndefined();
    expect(svgSize('not an svg')).toBeUndefined();
    // The root element is looked for at the start of the file only (an SVG's is there).
    expect(svgSize(`${' '.repeat(5000)}<svg width="800" height="500">`)).toBeUndefined();
  });
});

/** A PNG of that size: the signature and its header chunk are all a reader of sizes needs. */
function png(width: number, height: number): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const chunk = (type: string, data: Buffer) => Buffer.concat([Buffer.from([0, 0, 0, data.length]), Buffer.from(type), data, Buffer.alloc(4)]);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IEND', Buffer.alloc(0))]);
}

/** A JPEG's markers up to its frame header, with an EXIF orientation. */
function jpeg(width: number, height: number, orientation: number): Uint8Array {
  const tiff = Buffer.from([0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0]);
  const exif = Buffer.concat([Buffer.from('Exif\0\0', 'binary'), tiff]);
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, (exif.length + 2) >> 8, (exif.length + 2) & 255]), exif]);
  const frame = Buffer.from([0xff, 0xc0, 0, 17, 8, height >> 8, height & 255, width >> 8, width & 255, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app1, frame, Buffer.from([0xff, 0xd9])]);
}

describe('rasterSize', () => {
  it('reads a PNG and a JPEG from their headers', () => {
    expect(rasterSize(png(1600, 900))).toEqual({ width: 1600, height: 900 });
    expect(rasterSize(jpeg(1200, 800, 1))).toEqual({ width: 1200, height: 800 });
  });

  it('swaps the sides of a JPEG that its EXIF orientation turns a quarter, as browsers show it', () => {
    expect(rasterSize(jpeg(1200, 800, 6))).toEqual({ width: 800, height: 1200 });
  });

  it('gives nothing for bytes that are no image it knows, or an SVG (read by svgSize)', () => {
    expect(rasterSize(Buffer.from('not an image'))).toBeUndefined();
    expect(rasterSize(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="520"></svg>'))).toBeUndefined();
    expect(rasterSize(png(1600, 900).slice(0, 12))).toBeUndefined();
  });
});
