-- A movement of the ledger that also answers the balances of its first posting's owner, as they
-- stand once it is written (docs/product/money.md#the-ledger): a gift's answer tells the giver what
-- their wallet holds now, and it needs no second round trip for it while the gift's accounts are
-- locked. The same movement as `ledger_post`, which it calls.
CREATE FUNCTION ledger_post_balances(
  p_currency text,
  p_at timestamptz,
  p_kind text,
  p_description text,
  p_created_by bigint,
  p_reference jsonb,
  p_donation_id bigint,
  p_owner_types text[],
  p_owner_ids bigint[],
  p_kinds text[],
  p_amounts bigint[],
  p_live_project bigint
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_transaction bigint;
BEGIN
  v_transaction := ledger_post(p_currency, p_at, p_kind, p_description, p_created_by, p_reference,
    p_donation_id, p_owner_types, p_owner_ids, p_kinds, p_amounts, p_live_project);
  RETURN jsonb_build_object(
    'id', v_transaction,
    'balances', (
      SELECT coalesce(jsonb_object_agg(a.kind, a.balance), '{}'::jsonb)
      FROM ledger_accounts a
      WHERE a.owner_type = p_owner_types[1] AND a.owner_id = p_owner_ids[1] AND a.currency = p_currency
    )
  );
END;
$$;
