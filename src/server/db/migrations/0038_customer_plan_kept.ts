export const name = '0038_customer_plan_kept';

// A receipt's customer (0017's tax_document_customer) read through PL/pgSQL instead of SQL (issue 26,
// decision 057). A SQL function that PostgreSQL cannot inline (it is called from a trigger's INSERT)
// is planned afresh on every call: 0.19 ms of planning against 0.02 ms of reading, on every order.
// PL/pgSQL keeps its statement's plan for the connection's life (a generic one for this key lookup).
// Same body, same answer.
export const sql = /* sql */ `
CREATE OR REPLACE FUNCTION tax_document_customer(p_user uuid) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT jsonb_build_object(
      'name', trim(u.first_name || ' ' || u.last_name),
      'email', u.email,
      'organization', coalesce(o.name, ''),
      'organizationAddress', coalesce(o.address, ''),
      'billingAddress', o.billing_address)
    FROM users u LEFT JOIN organizations o ON o.id = u.organization_id
    WHERE u.id = p_user);
END $$;
`;
