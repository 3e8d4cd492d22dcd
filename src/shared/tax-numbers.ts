/**
 * The operator's sales-tax registrations as receipts print them (CRA and Revenu Québec formats):
 * a GST/HST number is the 9-digit Business Number, 'RT' and a 4-digit account (123456789 RT0001);
 * a QST number is 10 digits, 'TQ' and a 4-digit file number (1234567890 TQ0001). Spaces and case
 * are forgiven on input; the stored and printed form is the canonical one with one space.
 */
export function parseGstHstNumber(text: string): string | null {
  const m = /^(\d{9})\s*RT\s*(\d{4})$/i.exec(text.trim());
  return m ? `${m[1]} RT${m[2]}` : null;
}

export function parseQstNumber(text: string): string | null {
  const m = /^(\d{10})\s*TQ\s*(\d{4})$/i.exec(text.trim());
  return m ? `${m[1]} TQ${m[2]}` : null;
}
