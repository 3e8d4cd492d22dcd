import * as m0001 from './0001_foundation';
import * as m0002 from './0002_auth';
import * as m0003 from './0003_addresses';
import * as m0004 from './0004_quotes';
import * as m0005 from './0005_email_change';
import * as m0006 from './0006_account_hardening';
import * as m0007 from './0007_job_runs';
import * as m0008 from './0008_orders';
import * as m0009 from './0009_payments';
import * as m0010 from './0010_admin';
import * as m0011 from './0011_coverage';
import * as m0012 from './0012_wallet_hold';
import * as m0013 from './0013_phones';
import * as m0014 from './0014_shipment_mode';
import * as m0015 from './0015_carrier_labels';
import * as m0016 from './0016_carrier_calls';
import * as m0017 from './0017_tax_documents';
import * as m0018 from './0018_api_keys';
import * as m0019 from './0019_bulk_imports';
import * as m0020 from './0020_cross_border';
import * as m0021 from './0021_list_scale';
import * as m0022 from './0022_documents_test_mode';
import * as m0023 from './0023_api_idempotency_scope';
import * as m0024 from './0024_notifications';
import * as m0025 from './0025_webhooks';
import * as m0026 from './0026_search_shop_reference';
import * as m0027 from './0027_shipments_destination';
import * as m0029 from './0029_saved_parcels';
import * as m0030 from './0030_pricing_version';
import * as m0031 from './0031_sms';
import * as m0032 from './0032_recipient_mail';
import * as m0033 from './0033_search_term_counts';
import * as m0034 from './0034_quote_option_keys';
import * as m0035 from './0035_quote_options_inline';
import * as m0036 from './0036_search_term_digit_marks';
import * as m0037 from './0037_shipment_marks';
import * as m0038 from './0038_customer_plan_kept';
import * as m0039 from './0039_quote_rows_json';
import * as m0040 from './0040_carrier_calls_counted';
import * as m0041 from './0041_quote_rows_text';
import * as m0042 from './0042_receipts_numbered_after_commit';

/** Ordered list of migrations. Append new ones; never edit one that has shipped. */
export const migrations: { name: string; sql: string }[] = [
  m0001,
  m0002,
  m0003,
  m0004,
  m0005,
  m0006,
  m0007,
  m0008,
  m0009,
  m0010,
  m0011,
  m0012,
  m0013,
  m0014,
  m0015,
  m0016,
  m0017,
  m0018,
  m0019,
  m0020,
  m0021,
  m0022,
  m0023,
  m0024,
  m0025,
  m0026,
  m0027,
  m0029,
  m0030,
  m0031,
  m0032,
  m0033,
  m0034,
  m0035,
  m0036,
  m0037,
  m0038,
  m0039,
  m0040,
  m0041,
  m0042,
];
