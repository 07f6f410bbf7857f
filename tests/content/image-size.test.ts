/** The size an SVG declares (src/content/image-size.ts), which pages give their images. */
import { describe, it, expect } from 'vitest';
import { svgSize } from '../../src/content/image-size.ts';

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
