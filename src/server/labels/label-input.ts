/**
 * What a label prints, as plain data: it crosses to a worker thread by structured clone
 * (`workers.runTask('renderLabel', input)`), so strings and numbers only — no Date, no class.
 */

import type { CustomsDocInput } from './customs-input';

/** One end of the shipment. Empty strings for the parts it lacks (company, address2, phone). */
export type LabelAddress = {
  name: string;
  company: string;
  address1: string;
  address2: string;
  city: string;
  /** Province code for CA ("ON"), state or region elsewhere. */
  province: string;
  /** "M5V 3L9" for CA; free text elsewhere. */
  postalCode: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  phone: string;
};

export type LabelInput = {
  /** "CA-CP", "CA-PUROLATOR", "CA-UPS", "CA-Fedex", "CA-DHL". */
  carrierCode: string;
  /** "Canada Post", "Purolator", … */
  carrierName: string;
  /** "DOM.EP" */
  serviceCode: string;
  /** "Expedited Parcel" */
  serviceName: string;
  /** The carrier's number, encoded in the barcode as is (printable ASCII: digits, "1Z" + letters and digits). */
  trackingNumber: string;
  /** Our reference for the order. */
  orderCode: string;
  /** YYYY-MM-DD (Toronto calendar); also the PDF's creation date, so the same input gives the same bytes. */
  shipDate: string;
  from: LabelAddress;
  to: LabelAddress;
  weightKg: number;
  dimensionsCm: { length: number; width: number; height: number };
  /** "package", "envelope", "tube". */
  packageType: string;
  /** The shipper's reference or a description of the contents; may be empty. */
  reference: string;
  /**
   * The selling carrier's mode: anything but 'live' (the built-in sandbox, a carrier's test
   * environment) prints a large diagonal "SPECIMEN — NOT FOR SHIPPING" across the label.
   */
  mode: 'sandbox' | 'test' | 'live';
  /**
   * A shipment leaving Canada: the customs form its service needs, printed on pages after the label
   * (customs-documents.ts, decision 036). The ZPL label ignores it: customs forms are paper.
   */
  customs?: CustomsDocInput;
};
