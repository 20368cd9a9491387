import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors';
import { jpegHeaders, sampleJpeg } from '../v1/__fixtures__/images';
import { jpegSize, parseCover } from './covers';

describe('uploaded playlist covers', () => {
  it('reads the size of a JPEG from its frame header', () => {
    expect(jpegSize(Buffer.from(sampleJpeg, 'base64'))).toEqual({ width: 1, height: 1 });
    expect(jpegSize(jpegHeaders(640, 480))).toEqual({ width: 640, height: 480 });
    expect(jpegSize(jpegHeaders(300, 300, 0xc2))).toEqual({ width: 300, height: 300 });
    expect(jpegSize(Buffer.from('GIF89a'))).toBeNull();
    expect(jpegSize(jpegHeaders(0, 10))).toBeNull();
    // Cut off inside a segment.
    expect(jpegSize(jpegHeaders(640, 480).subarray(0, 12))).toBeNull();
  });

  it('takes base64 text of a JPEG, wrapped or not, and names each picture by its bytes', () => {
    const cover = parseCover(sampleJpeg);
    expect(cover).toMatchObject({ width: 1, height: 1, base64: sampleJpeg });
    expect(cover.digest).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const wrapped = sampleJpeg.replace(/(.{76})/g, '$1\r\n');
    expect(parseCover(wrapped)).toEqual(cover);
    expect(parseCover(jpegHeaders(640, 480).toString('base64')).digest).not.toBe(cover.digest);
  });

  it('refuses anything else with a 400', () => {
    const refusals = [
      undefined,
      '',
      'not base64!',
      Buffer.from('GIF89a....').toString('base64'),
      // A JPEG's start without its end.
      jpegHeaders(10, 10).subarray(0, -2).toString('base64'),
      { image: sampleJpeg },
    ];
    for (const body of refusals) {
      expect(() => parseCover(body)).toThrow(ApiError);
      try {
        parseCover(body);
      } catch (error) {
        expect((error as ApiError).status).toBe(400);
      }
    }
  });
});
