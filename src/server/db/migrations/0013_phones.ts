export const name = '0013_phones';

// Phone numbers in one stored form (shared/phone.ts normalizePhone): the digits, North American
// numbers as their 10 digits (a leading 1 or +1 before an area code dropped), numbers written with '+' (or the 00 / 011
// prefixes) as '+' and their digits. Rows written before this were checked by the old rule (digits,
// spaces, + ( ) . - / and 7 to 20 digits) and carry no extension; a value the new rule would not
// read is left as it is. Applies to the address book and to both ends of every shipment; receiver
// keys are unchanged (they were already built from the same digits). The function exists only while
// this migration runs. A test checks it agrees with normalizePhone.
export const sql = /* sql */ `
CREATE FUNCTION voyageur_phone_0013(p text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN p IS NULL OR btrim(p) !~ '^\\(?\\+?[0-9[:space:]().\\-/]+$' THEN p
    WHEN length(d) < 7 OR length(d) > 20 THEN p
    WHEN d ~ '^1[2-9][0-9]{9}$' THEN substr(d, 2)
    WHEN plus THEN '+' || d
    ELSE d
  END
  FROM (
    SELECT
      CASE
        WHEN NOT plus0 AND length(d0) > 9 AND left(d0, 3) = '011' THEN substr(d0, 4)
        WHEN NOT plus0 AND length(d0) > 9 AND left(d0, 2) = '00' THEN substr(d0, 3)
        ELSE d0
      END AS d,
      plus0 OR (length(d0) > 9 AND (left(d0, 2) = '00' OR left(d0, 3) = '011')) AS plus
    FROM (
      SELECT regexp_replace(p, '[^0-9]', '', 'g') AS d0, ltrim(btrim(p), '(') LIKE '+%' AS plus0
    ) raw
  ) parts
$$;

UPDATE addresses SET phone = voyageur_phone_0013(phone)
  WHERE phone IS DISTINCT FROM voyageur_phone_0013(phone);
UPDATE shipments SET from_address = jsonb_set(from_address, '{phone}', to_jsonb(voyageur_phone_0013(from_address->>'phone')))
  WHERE jsonb_typeof(from_address->'phone') = 'string'
    AND from_address->>'phone' IS DISTINCT FROM voyageur_phone_0013(from_address->>'phone');
UPDATE shipments SET to_address = jsonb_set(to_address, '{phone}', to_jsonb(voyageur_phone_0013(to_address->>'phone')))
  WHERE jsonb_typeof(to_address->'phone') = 'string'
    AND to_address->>'phone' IS DISTINCT FROM voyageur_phone_0013(to_address->>'phone');

DROP FUNCTION voyageur_phone_0013(text);
`;
