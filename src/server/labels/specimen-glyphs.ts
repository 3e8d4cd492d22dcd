/**
 * The outlines of "样本" ("specimen"), drawn as filled vector paths on a sandbox or test label beside
 * "SPECIMEN — NOT FOR SHIPPING" (render-label.ts): the label's standard PDF fonts cannot show Chinese
 * and embedding a CJK font would add megabytes per label (decision 015), while two glyphs as paths
 * are about 1 KB.
 *
 * Source: Noto Sans CJK SC Bold (NotoSansCJKsc-Bold, version 2.004, from Debian's fonts-noto-cjk,
 * /usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc), © 2014-2021 Adobe (http://www.adobe.com/),
 * with Reserved Font Name 'Source'. Licensed under the SIL Open Font License 1.1
 * (https://openfontlicense.org), which allows embedding the font, or outlines taken from it, in
 * documents; no font software is distributed here.
 *
 * In font units (1000 per em, y up, origin on the baseline at the glyph's left edge); each path is
 * PDF path operators (m, l, c, h) to be filled with the nonzero winding rule (`f`). CFF outlines are
 * cubic already; coordinates are rounded to whole units (0.001 em).
 *
 * To regenerate (e.g. from another weight): in an empty folder `npm i fontkit@2`, then with node
 * open the .ttc with `fontkit.openSync(file)`, take `.fonts.find((f) => f.postscriptName ===
 * 'NotoSansCJKsc-Bold')`, and for each character `font.glyphsForString(ch)[0]`: write its
 * `path.commands` as operators (moveTo → "x y m", lineTo → "x y l", bezierCurveTo → "x1 y1 x2 y2 x y
 * c", closePath → "h"; a quadraticCurveTo, from a TrueType font, raised to a cubic), its
 * `advanceWidth` and its `path.bbox`, all rounded to integers.
 */
export type SpecimenGlyph = {
  char: string;
  /** Advance width, font units. */
  advance: number;
  /** Outline bounds [minX, minY, maxX, maxY], font units. */
  bbox: readonly [number, number, number, number];
  /** PDF path operators in font units. */
  path: string;
};

export const SPECIMEN_GLYPH_UNITS_PER_EM = 1000;

export const SPECIMEN_GLYPHS: readonly SpecimenGlyph[] = [
  {
    char: '样',
    advance: 1000,
    bbox: [22, -89, 961, 854],
    path: [
      '794 854 m 779 795 749 720 720 663 c 546 663 l 620 691 l 607 735 571 799 540 847 c 433 810 l 460',
      '765 488 706 502 663 c 400 663 l 400 554 l 612 554 l 612 457 l 431 457 l 431 348 l 612 348 l 612',
      '249 l 373 249 l 373 138 l 612 138 l 612 -89 l 734 -89 l 734 138 l 961 138 l 961 249 l 734 249 l',
      '734 348 l 916 348 l 916 457 l 734 457 l 734 554 l 945 554 l 945 663 l 845 663 l 869 710 894 764',
      '917 817 c h 157 850 m 157 663 l 44 663 l 44 552 l 157 552 l 157 528 l 128 413 78 285 22 212 c 42',
      '180 68 125 79 91 c 107 134 134 192 157 256 c 157 -89 l 272 -89 l 272 367 l 293 324 314 281 325',
      '251 c 397 336 l 379 365 302 477 272 516 c 272 552 l 367 552 l 367 663 l 272 663 l 272 850 l h',
    ].join(' '),
  },
  {
    char: '本',
    advance: 1000,
    bbox: [24, -90, 972, 849],
    path: [
      '436 533 m 436 202 l 251 202 l 323 296 384 410 429 533 c h 563 533 m 567 533 l 612 411 671 296',
      '743 202 c 563 202 l h 436 849 m 436 655 l 59 655 l 59 533 l 306 533 l 243 381 141 237 24 157 c',
      '52 134 91 90 112 60 c 152 91 190 128 225 170 c 225 80 l 436 80 l 436 -90 l 563 -90 l 563 80 l',
      '771 80 l 771 167 l 804 128 839 93 877 64 c 898 98 941 145 972 170 c 855 249 753 386 690 533 c',
      '943 533 l 943 655 l 563 655 l 563 849 l h',
    ].join(' '),
  },
];
