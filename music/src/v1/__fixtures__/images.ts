/** A 1×1 JPEG, as Spotify's API document gives it for a playlist cover upload, base64-encoded. */
export const sampleJpeg =
  '/9j/2wCEABoZGSccJz4lJT5CLy8vQkc9Ozs9R0dHR0dHR0dHR0dHR0dHR0dHR0dHR0dHR0dHR0dHR0dHR0dHR0dHR0dHR0cBHCcnMyYzPSYmPUc9Mj1HR0dEREdHR0dHR0dHR0dHR0dHR0dHR0dHR0dHR0dHR0dHR0dHR0dHR0dHR0dHR0dHR//dAAQAAf/uAA5BZG9iZQBkwAAAAAH/wAARCAABAAEDACIAAREBAhEB/8QASwABAQAAAAAAAAAAAAAAAAAAAAYBAQAAAAAAAAAAAAAAAAAAAAAQAQAAAAAAAAAAAAAAAAAAAAARAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwAAARECEQA/AJgAH//Z';

/** The headers of a JPEG of the given size: a JFIF segment, the frame header, the end marker. */
export function jpegHeaders(width: number, height: number, frame = 0xc0): Buffer {
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 2, 0, 0, 1, 0, 1, 0, 0];
  const sof = [0xff, frame, 0x00, 0x11, 8, height >> 8, height & 255, width >> 8, width & 255, 3];
  const components = [1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return Buffer.from([0xff, 0xd8, ...app0, ...sof, ...components, 0xff, 0xd9]);
}
