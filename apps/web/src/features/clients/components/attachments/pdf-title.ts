/**
 * A PDF to preview, its document title set to the file's name: the browser's PDF viewer shows
 * the title in its toolbar (and a tab's), and without one the last part of its address, which
 * for a blob: address is an internal id. Only the copy shown changes: the stored file and its
 * download are the bytes uploaded. A PDF pdf-lib cannot read (encrypted, damaged) is shown as it
 * is. pdf-lib is loaded with the first PDF previewed, not with the app.
 */
export async function titledPdf(bytes: ArrayBuffer, name: string): Promise<ArrayBuffer> {
  try {
    const { PDFDocument } = await import('pdf-lib');
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    doc.setTitle(name, { showInWindowTitleBar: true });
    const saved = await doc.save();
    return saved.buffer.slice(saved.byteOffset, saved.byteOffset + saved.byteLength) as ArrayBuffer;
  } catch {
    return bytes;
  }
}
