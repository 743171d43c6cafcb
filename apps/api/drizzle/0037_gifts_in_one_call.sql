-- Several people's gifts written in one call (docs/decisions/055-gifts-written-together.md).
-- Gifts that reach the API together are written by one call of `gifts_write`, one transaction:
-- every table takes the batch's rows in one statement, each account's balance moves once for the
-- batch, and a hot project's funds are locked once for all its gifts in the batch. A gift the
-- batch cannot decide for itself without undoing the others (a project no longer live, an account
-- the batch's gifts would overdraw together) is answered "alone" and written by `gift_write`,
-- which refuses it exactly; a failure of the whole call leaves nothing written.

-- One posting of a gift's money, as the batch handles them.
CREATE TYPE gift_posting AS (
  n integer,
  donation_id bigint,
  at timestamptz,
  currency text,
  owner_type text,
  owner_id bigint,
  kind text,
  amount bigint
);
--> statement-breakpoint
-- `p` is {"at": the batch's time, "gifts": [each gift as `gift_write` takes it]}. Answers an array
-- in the gifts' order: {"made": the answer}, {"kept": what the key already held} or {"alone": true}.
CREATE FUNCTION gifts_write(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_at timestamptz := (p->>'at')::timestamptz;
  v_postings gift_posting[];
  v_alone integer[];
  v_keys jsonb;
  v_kept jsonb;
  v_gifts jsonb;
  v_go integer[];
  v_made jsonb;
  v_short integer;
BEGIN
  -- Every gift's postings, in the gifts' order and each gift's own.
  SELECT array_agg(ROW(g.n, (g.v->'donation'->>'id')::bigint, (g.v->>'at')::timestamptz,
      g.v->'money'->>'currency', x.t, x.o::bigint, x.k, x.amount::bigint)::gift_posting ORDER BY g.n, x.i)
  INTO v_postings
  FROM jsonb_array_elements(p->'gifts') WITH ORDINALITY AS g(v, n),
    ROWS FROM (
      jsonb_array_elements_text(g.v->'money'->'owner_types'),
      jsonb_array_elements_text(g.v->'money'->'owner_ids'),
      jsonb_array_elements_text(g.v->'money'->'kinds'),
      jsonb_array_elements_text(g.v->'money'->'amounts')
    ) WITH ORDINALITY AS x(t, o, k, amount, i);

  -- Gifts written alone: their project is no longer live, or an account of theirs would be
  -- overdrawn by the batch's gifts together (read unlocked; checked again under the locks below).
  SELECT coalesce(array_agg(DISTINCT u.n), '{}') INTO v_alone
  FROM unnest(v_postings) AS u
  WHERE (u.currency, u.owner_type, u.owner_id, u.kind) IN (
    SELECT d.currency, d.owner_type, d.owner_id, d.kind
    FROM (
      SELECT b.currency, b.owner_type, b.owner_id, b.kind, sum(b.amount) AS delta
      FROM unnest(v_postings) AS b GROUP BY 1, 2, 3, 4
    ) d
    LEFT JOIN ledger_accounts a
      ON a.owner_type = d.owner_type AND a.owner_id = d.owner_id AND a.kind = d.kind AND a.currency = d.currency
    WHERE d.delta < 0 AND NOT coalesce(a.allow_negative, d.owner_type = 'platform')
      AND coalesce(a.balance, 0) + d.delta < 0
  );
  SELECT v_alone || coalesce(array_agg(g.n::integer), '{}') INTO v_alone
  FROM jsonb_array_elements(p->'gifts') WITH ORDINALITY AS g(v, n)
  WHERE g.v->'money'->>'while_live' IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM projects WHERE id = (g.v->'money'->>'while_live')::bigint AND status = 2);

  -- The keys, in one order for every batch; a key already taken answers what it holds.
  WITH taken AS (
    INSERT INTO idempotency_keys (scope, key, request_hash, created_at)
    SELECT g.v->'key'->>'scope', g.v->'key'->>'key', g.v->'key'->>'hash', v_at
    FROM jsonb_array_elements(p->'gifts') WITH ORDINALITY AS g(v, n)
    WHERE jsonb_typeof(g.v->'key') = 'object' AND g.n <> ALL (v_alone)
    ORDER BY 1, 2
    ON CONFLICT DO NOTHING
    RETURNING id, scope, key
  )
  SELECT coalesce(jsonb_object_agg(g.n, taken.id), '{}')
  INTO v_keys
  FROM jsonb_array_elements(p->'gifts') WITH ORDINALITY AS g(v, n)
  JOIN taken ON taken.scope = g.v->'key'->>'scope' AND taken.key = g.v->'key'->>'key';

  SELECT coalesce(jsonb_object_agg(g.n, jsonb_build_object('kept', jsonb_build_object(
      'request_hash', k.request_hash, 'status_code', k.status_code, 'response', k.response))), '{}')
  INTO v_kept
  FROM jsonb_array_elements(p->'gifts') WITH ORDINALITY AS g(v, n)
  JOIN idempotency_keys k ON k.scope = g.v->'key'->>'scope' AND k.key = g.v->'key'->>'key'
  WHERE jsonb_typeof(g.v->'key') = 'object' AND g.n <> ALL (v_alone) AND NOT v_keys ? g.n::text;

  -- The gifts written here, each with its place in the batch.
  SELECT coalesce(jsonb_agg(g.v || jsonb_build_object('n', g.n) ORDER BY g.n), '[]'), array_agg(g.n)
  INTO v_gifts, v_go
  FROM jsonb_array_elements(p->'gifts') WITH ORDINALITY AS g(v, n)
  WHERE g.n <> ALL (v_alone) AND NOT v_kept ? g.n::text;

  IF jsonb_array_length(v_gifts) > 0 THEN
    INSERT INTO donations
    SELECT * FROM jsonb_populate_recordset(NULL::donations,
      (SELECT jsonb_agg(g.v->'donation') FROM jsonb_array_elements(v_gifts) AS g(v)));

    INSERT INTO donation_history (donation_id, status, "by", reason, at)
    SELECT (g.v->'donation'->>'id')::bigint, (g.v->'donation'->>'status')::smallint, (g.v->>'by')::bigint,
      NULL, (g.v->>'at')::timestamptz
    FROM jsonb_array_elements(v_gifts) AS g(v);

    -- The events with their outbox rows (docs/product/events.md), as `event_record` writes one.
    INSERT INTO events (id, type, data, created_at)
    SELECT (g.v->'event'->>'id')::uuid, g.v->'event'->>'type', g.v->'event'->'data', (g.v->>'at')::timestamptz
    FROM jsonb_array_elements(v_gifts) AS g(v);
    INSERT INTO event_outbox (event_id, listeners)
    SELECT (g.v->'event'->>'id')::uuid, ARRAY(SELECT jsonb_array_elements_text(g.v->'event'->'listeners'))
    FROM jsonb_array_elements(v_gifts) AS g(v)
    WHERE jsonb_array_length(g.v->'event'->'listeners') > 0;

    -- The donors counted into their projects' progress, as `project_count_donor` counts one: in
    -- one order for every batch, a donor's first counted gift moving the donors count.
    WITH c AS (
      SELECT (g.v->'count'->>'project')::bigint AS project_id, g.v->'donation'->>'donor_type' AS donor_type,
        (g.v->'donation'->>'donor_id')::bigint AS donor_id, count(*)::integer AS gifts,
        sum((g.v->'count'->>'funds')::bigint) AS funds
      FROM jsonb_array_elements(v_gifts) AS g(v)
      WHERE jsonb_typeof(g.v->'count') = 'object'
      GROUP BY 1, 2, 3
    ), donor AS (
      INSERT INTO project_donors AS d (project_id, donor_type, donor_id, counted)
      SELECT project_id, donor_type, donor_id, gifts FROM c ORDER BY 1, 2, 3
      ON CONFLICT (project_id, donor_type, donor_id) DO UPDATE SET counted = d.counted + excluded.counted
      RETURNING d.project_id, d.donor_type, d.donor_id, d.counted
    )
    INSERT INTO project_progress AS pp (project_id, slot, funds_raised, donors_count, volunteering_pledged,
      skilled_pledged, gifts_pledged, hours_confirmed)
    SELECT c.project_id, pg_backend_pid(), sum(c.funds), count(*) FILTER (WHERE donor.counted = c.gifts), 0, 0, 0, 0
    FROM c JOIN donor USING (project_id, donor_type, donor_id)
    GROUP BY c.project_id
    ORDER BY 1
    ON CONFLICT (project_id, slot) DO UPDATE SET
      funds_raised = pp.funds_raised + excluded.funds_raised,
      donors_count = pp.donors_count + excluded.donors_count;

    -- The receipts, and one deferral of their delivery for the batch (a dispatch runs it once).
    INSERT INTO queued_notices (to_address, subject, text, headers, created_at, next_attempt_at)
    SELECT g.v->'notice'->>'to', g.v->'notice'->>'subject', g.v->'notice'->>'text',
      CASE WHEN jsonb_typeof(g.v->'notice'->'headers') = 'object' THEN g.v->'notice'->'headers' END,
      (g.v->>'at')::timestamptz, (g.v->>'at')::timestamptz
    FROM jsonb_array_elements(v_gifts) AS g(v)
    WHERE jsonb_typeof(g.v->'notice') = 'object';
    INSERT INTO event_outbox (task)
    SELECT DISTINCT g.v->'notice'->>'deliver_task'
    FROM jsonb_array_elements(v_gifts) AS g(v)
    WHERE jsonb_typeof(g.v->'notice') = 'object';

    -- The money (docs/product/money.md#the-ledger), as `ledger_post` moves it: accounts made when
    -- missing, then locked in id order with the books' rules checked under the locks. A breach here
    -- (a balance spent, a project closed since the reads above) fails the whole call.
    v_postings := ARRAY(SELECT u::gift_posting FROM unnest(v_postings) AS u WHERE u.n = ANY (v_go));
    INSERT INTO ledger_accounts (owner_type, owner_id, kind, currency, allow_negative, created_at)
    SELECT DISTINCT u.owner_type, u.owner_id, u.kind, u.currency, u.owner_type = 'platform', v_at
    FROM unnest(v_postings) AS u
    WHERE NOT EXISTS (
      SELECT 1 FROM ledger_accounts a
      WHERE a.owner_type = u.owner_type AND a.owner_id = u.owner_id AND a.kind = u.kind AND a.currency = u.currency
    )
    ON CONFLICT DO NOTHING;

    SELECT count(*) FILTER (WHERE NOT l.allow_negative AND l.balance + l.delta < 0) INTO v_short
    FROM (
      SELECT a.allow_negative, a.balance, d.delta
      FROM ledger_accounts a
      JOIN (
        SELECT u.currency, u.owner_type, u.owner_id, u.kind, sum(u.amount) AS delta
        FROM unnest(v_postings) AS u GROUP BY 1, 2, 3, 4
      ) d ON a.owner_type = d.owner_type AND a.owner_id = d.owner_id AND a.kind = d.kind AND a.currency = d.currency
      ORDER BY a.id
      FOR UPDATE OF a
    ) l;
    IF v_short > 0 THEN
      RAISE EXCEPTION 'not enough in an account of the batch' USING ERRCODE = 'KL001';
    END IF;
    IF EXISTS (
      SELECT 1 FROM jsonb_array_elements(v_gifts) AS g(v)
      WHERE g.v->'money'->>'while_live' IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM projects WHERE id = (g.v->'money'->>'while_live')::bigint AND status = 2)
    ) THEN
      RAISE EXCEPTION 'a project of the batch is not live' USING ERRCODE = 'KL002';
    END IF;

    WITH t AS (
      INSERT INTO ledger_transactions (kind, description, currency, created_by, reference, donation_id, created_at)
      SELECT g.v->'money'->>'kind', g.v->'money'->>'description', g.v->'money'->>'currency',
        (g.v->'money'->>'created_by')::bigint, g.v->'money'->'reference', (g.v->'donation'->>'id')::bigint,
        (g.v->>'at')::timestamptz
      FROM jsonb_array_elements(v_gifts) AS g(v)
      RETURNING id, donation_id
    )
    INSERT INTO ledger_entries (transaction_id, account_id, amount, created_at)
    SELECT t.id, a.id, u.amount, u.at
    FROM unnest(v_postings) WITH ORDINALITY AS u(n, donation_id, at, currency, owner_type, owner_id, kind, amount, i)
    JOIN t ON t.donation_id = u.donation_id
    JOIN ledger_accounts a
      ON a.owner_type = u.owner_type AND a.owner_id = u.owner_id AND a.kind = u.kind AND a.currency = u.currency
    ORDER BY u.i;

    UPDATE ledger_accounts a SET balance = a.balance + d.delta
    FROM (
      SELECT u.currency, u.owner_type, u.owner_id, u.kind, sum(u.amount) AS delta
      FROM unnest(v_postings) AS u GROUP BY 1, 2, 3, 4
    ) d
    WHERE a.owner_type = d.owner_type AND a.owner_id = d.owner_id AND a.kind = d.kind AND a.currency = d.currency
      AND d.delta <> 0;

    -- The answers, each given its giver's balances as the batch leaves them, kept with the keys.
    SELECT jsonb_object_agg(g.v->>'n', jsonb_set(g.v->'answer', '{wallet}', (g.v->'answer'->'wallet') ||
        jsonb_build_object(
          'wallet_amount', coalesce(b.balances->'wallet', '0'::jsonb),
          'credits', coalesce(b.balances->'credits', '0'::jsonb),
          'held', coalesce(b.balances->'held', '0'::jsonb))))
    INTO v_made
    FROM jsonb_array_elements(v_gifts) AS g(v)
    LEFT JOIN LATERAL (
      SELECT jsonb_object_agg(a.kind, a.balance) AS balances
      FROM ledger_accounts a
      WHERE a.owner_type = g.v->'money'->'owner_types'->>0
        AND a.owner_id = (g.v->'money'->'owner_ids'->>0)::bigint
        AND a.currency = g.v->'money'->>'currency'
    ) b ON true;

    UPDATE idempotency_keys k SET status_code = 201, response = v_made->m.n
    FROM jsonb_each_text(v_keys) AS m(n, id)
    WHERE k.id = m.id::bigint AND v_made ? m.n;
  END IF;

  RETURN (
    SELECT jsonb_agg(CASE
      WHEN g.n = ANY (v_alone) THEN '{"alone": true}'::jsonb
      WHEN v_kept ? g.n::text THEN v_kept->g.n::text
      ELSE jsonb_build_object('made', v_made->g.n::text)
    END ORDER BY g.n)
    FROM jsonb_array_elements(p->'gifts') WITH ORDINALITY AS g(v, n)
  );
END;
$$;
