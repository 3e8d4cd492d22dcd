/**
 * Several label PDFs as one document, every page in the order given (a bulk import's batch of
 * labels, decision 028). Runs on the worker pool: copying pages is CPU work.
 */
export async function mergePdfs(input: { pdfs: Uint8Array[] }): Promise<Uint8Array> {
  // Loaded on first use, like image-label.ts: most worker threads never merge.
  const { PDFDocument } = await import('pdf-lib');
  const out = await PDFDocument.create();
  out.setProducer('Voyageur');
  out.setCreator('Voyageur');
  for (const bytes of input.pdfs) {
    const doc = await PDFDocument.load(bytes);
    const pages = await out.copyPages(doc, doc.getPageIndices());
    for (const page of pages) out.addPage(page);
  }
  return out.save({ useObjectStreams: true });
}
