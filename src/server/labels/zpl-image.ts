/**
 * A carrier's ZPL II label drawn as PNG images, so a label bought as ZPL (decision 040) can still be
 * printed from a browser: image-label.ts places each on a 4×6 PDF page. Runs on a worker thread
 * (worker-tasks.ts `imageLabelPdf`), never on the request thread: zpl-renderer-js is a Go program in
 * WebAssembly (about 9 MB of JavaScript) that takes seconds to load and start in each thread.
 */

/** Thermal printers print 8 dots a millimetre (203 dpi): a ZPL label's dots are its size on paper at that density. */
const DOTS_PER_MM = 8;
/** A 4×6 label in dots, when the ZPL does not set its print width (^PW) or label length (^LL). */
const DEFAULT_WIDTH_DOTS = 812;
const DEFAULT_LENGTH_DOTS = 1218;
/** The largest label drawn: 8 inches wide or 12 inches long (a carrier's 4×8 fits; nothing runs away). */
const MAX_WIDTH_DOTS = 8 * 203;
const MAX_LENGTH_DOTS = 12 * 203;

type ZplRenderer = {
  zplToBase64MultipleAsync(zpl: string, widthMm?: number, heightMm?: number, dpmm?: number): Promise<string[]>;
};

let renderer: Promise<ZplRenderer> | null = null;

function zplRenderer(): Promise<ZplRenderer> {
  // Loaded on first use: every worker thread loads this file, and most never draw a carrier's ZPL.
  renderer ??= import('zpl-renderer-js').then(async (m) => (await m.ready).api);
  return renderer;
}

/** The label's own size in dots: the first ^PW (print width) and ^LL (label length), else 4×6. */
export function zplLabelSize(zpl: string): { widthDots: number; lengthDots: number } {
  const dots = (command: string, fallback: number, max: number): number => {
    const m = new RegExp(`\\^${command}\\s*(\\d+)`, 'i').exec(zpl);
    const n = m ? Number(m[1]) : fallback;
    return n > 0 ? Math.min(n, max) : fallback;
  };
  return {
    widthDots: dots('PW', DEFAULT_WIDTH_DOTS, MAX_WIDTH_DOTS),
    lengthDots: dots('LL', DEFAULT_LENGTH_DOTS, MAX_LENGTH_DOTS),
  };
}

/** Each label of the ZPL (^XA … ^XZ) as a PNG at 203 dpi and the label's own size. */
export async function zplLabelPngs(zpl: string): Promise<Uint8Array[]> {
  if (!/\^XA/i.test(zpl)) throw new Error('not a ZPL label (no ^XA)');
  const { widthDots, lengthDots } = zplLabelSize(zpl);
  const api = await zplRenderer();
  const pngs = await api.zplToBase64MultipleAsync(zpl, widthDots / DOTS_PER_MM, lengthDots / DOTS_PER_MM, DOTS_PER_MM);
  if (pngs.length === 0) throw new Error('the ZPL label drew no page');
  return pngs.map((b64) => new Uint8Array(Buffer.from(b64, 'base64')));
}
