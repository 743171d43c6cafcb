/** A multipart/form-data body with one file, as a browser sends it. */
export function multipartFile(
  data: Buffer,
  filename: string,
  contentType: string,
  field = 'file',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----kindred${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
