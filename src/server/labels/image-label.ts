import type { degrees as pdfDegrees, PDFImage, PDFPage } from 'pdf-lib';
import { zplLabelPngs } from './zpl-image';

/**
 * A carrier's label as it arrives: an image (UPS: PNG at 203 dpi, usually drawn sideways), or ZPL II
 * text (`application/zpl`, bought so for a thermal printer, decision 040), drawn at 203 dpi first.
 */
export type ImageLabelInput = { bytes: Uint8Array; mediaType: string };

const POINTS_PER_INCH = 72;
const PAGE = { width: 4 * POINTS_PER_INCH, height: 6 * POINTS_PER_INCH };
/** Thermal label printers print at 203 dpi: an image's pixels are its size on paper at that density. */
export const LABEL_DPI = 203;

/**
 * One 4×6 PDF page with the carrier's label image on it at the carrier's size (pixels at 203 dpi),
 * turned upright when it came landscape, and shrunk only when it would not fit the page. PNG and
 * JPEG (pdf-lib embeds those, not GIF: UPS is asked for PNG); a ZPL label is drawn as PNG first, one
 * page per label in it.
 */
export async function imageLabelPdf(input: ImageLabelInput): Promise<Uint8Array> {
  // Loaded on first use: every worker thread loads this file, and most never place an image.
  const { degrees, PDFDocument } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.setProducer('Voyageur');
  doc.setCreator('Voyageur');
  if (input.mediaType === 'application/zpl') {
    for (const png of await zplLabelPngs(new TextDecoder().decode(input.bytes))) {
      place(doc.addPage([PAGE.width, PAGE.height]), await doc.embedPng(png), degrees);
    }
    return doc.save({ useObjectStreams: false });
  }
  let image;
  if (input.mediaType === 'image/png') image = await doc.embedPng(input.bytes);
  else if (input.mediaType === 'image/jpeg') image = await doc.embedJpg(input.bytes);
  else throw new Error(`cannot place a ${input.mediaType} label on a PDF page`);
  place(doc.addPage([PAGE.width, PAGE.height]), image, degrees);
  return doc.save({ useObjectStreams: false });
}

/** Draws the image at its size at 203 dpi at the top of the page, upright, shrunk only to fit. */
function place(page: PDFPage, image: PDFImage, degrees: typeof pdfDegrees): void {
  const landscape = image.width > image.height;
  // Size on paper: the pixels at the printer's density, in points; sideways when landscape.
  const w = (image.width / LABEL_DPI) * POINTS_PER_INCH;
  const h = (image.height / LABEL_DPI) * POINTS_PER_INCH;
  const onPage = landscape ? { width: h, height: w } : { width: w, height: h };
  const scale = Math.min(1, PAGE.width / onPage.width, PAGE.height / onPage.height);
  const drawnW = w * scale;
  const drawnH = h * scale;
  const boxW = onPage.width * scale;
  const boxH = onPage.height * scale;
  const left = (PAGE.width - boxW) / 2;
  const bottom = PAGE.height - boxH; // top of the page, as a label printer feeds it
  if (landscape) {
    // Rotated 90° counter-clockwise about its lower-left corner: shift right by its (rotated) width.
    page.drawImage(image, { x: left + boxW, y: bottom, width: drawnW, height: drawnH, rotate: degrees(90) });
  } else {
    page.drawImage(image, { x: left, y: bottom, width: drawnW, height: drawnH });
  }
}
