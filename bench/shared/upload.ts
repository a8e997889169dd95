/** The multipart rows' request: one 1 MiB file and one field, as a browser's form would send them. */
const boundary = '----waymarkbench7MA4YWxkTrZu0gW';
const file = 'x'.repeat(1024 * 1024);

export const uploadType = `multipart/form-data; boundary=${boundary}`;
export const uploadBody =
  `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nholiday\r\n` +
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n${file}\r\n` +
  `--${boundary}--\r\n`;
